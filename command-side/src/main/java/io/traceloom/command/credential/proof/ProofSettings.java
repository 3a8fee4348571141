package io.traceloom.command.credential.proof;

import java.time.Instant;
import java.util.List;

/**
 * What a new proof says besides its signature.
 *
 * @param id            the proof's own id, which a later proof of a chain names; {@code null}: none
 * @param created       when it was made (whole seconds)
 * @param purpose       its proof purpose, one of {@link Ed25519Proofs#PURPOSES}
 * @param challenge     a challenge it carries, or {@code null}
 * @param domain        a domain it carries, or {@code null}
 * @param previousProof the ids of the proofs of the document it follows (a chain); empty: none
 */
public record ProofSettings(String id, Instant created, String purpose, String challenge, String domain,
                            List<String> previousProof) {

    public ProofSettings {
        previousProof = previousProof == null ? List.of() : List.copyOf(previousProof);
    }

    /** An {@code assertionMethod} proof made at {@code created}, without an id. */
    public static ProofSettings assertion(Instant created) {
        return new ProofSettings(null, created, Ed25519Proofs.ASSERTION, null, null, List.of());
    }
}
