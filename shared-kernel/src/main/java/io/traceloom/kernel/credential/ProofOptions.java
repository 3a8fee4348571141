package io.traceloom.kernel.credential;

import java.time.Instant;
import java.util.List;

/**
 * What the client asks of the proof the service adds (the VC-API's issue {@code options}); every field may be
 * {@code null}.
 *
 * @param created       when the proof was made; default: now
 * @param challenge     a challenge the proof carries
 * @param domain        a domain the proof carries
 * @param proofPurpose  default {@code assertionMethod}
 * @param previousProof the ids of proofs of the credential that the new one follows (a proof chain)
 */
public record ProofOptions(Instant created, String challenge, String domain, String proofPurpose,
                           List<String> previousProof) {

    public static ProofOptions defaults() {
        return new ProofOptions(null, null, null, null, null);
    }
}
