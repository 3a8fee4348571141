package io.traceloom.api.audit;

import io.traceloom.kernel.audit.SignAuditCheckpoint;
import io.traceloom.kernel.audit.canonical.InvalidJsonException;
import io.traceloom.kernel.audit.canonical.Jcs;
import io.traceloom.kernel.audit.merkle.MerkleHashes;
import io.traceloom.kernel.audit.merkle.MerkleTree;
import io.traceloom.kernel.audit.merkle.SubtreeHashes;
import io.traceloom.kernel.credential.CredentialVerification;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * {@code traceloom audit verify}: an auditor's check of a tenant's audit log that trusts nothing the service says
 * now. It recomputes the RFC 9162 tree from an NDJSON export of the log, checks the checkpoint's signature from its
 * {@code did:key} alone (the credentials' own verification, bundled contexts, no network), that the export's first
 * {@code treeSize} entries give the signed root, and that an older checkpoint is a prefix of it (consistency). Exit
 * 0 when all holds; 1 naming the first entry or checkpoint that does not; 2 for a wrong command line.
 *
 * <p>A changed entry is named by its index when the export shows it (an entry missing, out of order, not JSON) or
 * when an earlier export of the same log is given ({@code --earlier-log}): a root is one hash, so which of its
 * entries changed can only be told against what they were. Without it the failure names the checkpoint, and with
 * {@code --previous} the range the change lies in.
 */
public final class AuditVerifier {

    static final String USAGE = """
            usage: java -jar traceloom.jar audit verify --log FEED.ndjson --checkpoint CHECKPOINT.json \
            [--previous OLDER.json] [--earlier-log EARLIER.ndjson] [--issuer DID]
              --log          the tenant's log as GET /audit/events exports it (Accept: application/x-ndjson)
              --checkpoint   a checkpoint (GET /audit/checkpoint): the export's first treeSize entries must give its root
              --previous     an older checkpoint of the same log: its tree must be a prefix of the checkpoint's
              --earlier-log  an export taken when the checkpoint was: names the first entry that changed since
              --issuer       the tenant's issuer DID as you know it: the checkpoints must be signed by it
            """;

    /** How a credential's JSON text is verified at an instant: the service's own code, without the service. */
    public interface Credentials extends BiFunction<String, Instant, CredentialVerification> {
    }

    private final PrintStream out;
    private final PrintStream err;
    private final Credentials credentials;

    private AuditVerifier(PrintStream out, PrintStream err, Credentials credentials) {
        this.out = out;
        this.err = err;
        this.credentials = credentials;
    }

    /**
     * Runs {@code audit <arguments>}: the exit code.
     *
     * @param credentials the credentials' verification (the command side's, handed in by the main class: a feature
     *                    uses another only through the kernel)
     */
    public static int run(String[] arguments, PrintStream out, PrintStream err, Credentials credentials) {
        return new AuditVerifier(out, err, credentials).run(arguments);
    }

    /** A check that does not hold: what {@code audit verify} says before it exits with 1. */
    static final class Failure extends Exception {
        Failure(String message) {
            super(message);
        }
    }

    private int run(String[] arguments) {
        Map<String, String> options = new LinkedHashMap<>();
        if (arguments.length == 0 || !arguments[0].equals("verify")) {
            err.print(USAGE);
            return 2;
        }
        for (int i = 1; i < arguments.length; i += 2) {
            String name = arguments[i];
            if (!List.of("--log", "--checkpoint", "--previous", "--earlier-log", "--issuer").contains(name)
                    || i + 1 >= arguments.length || options.containsKey(name)) {
                err.println("audit verify: " + name + " is not an option here, or lacks its value, or is given twice");
                err.print(USAGE);
                return 2;
            }
            options.put(name, arguments[i + 1]);
        }
        if (!options.containsKey("--log") || !options.containsKey("--checkpoint")) {
            err.println("audit verify: --log and --checkpoint are required");
            err.print(USAGE);
            return 2;
        }
        try {
            verify(options);
            out.println("OK: the log and its checkpoints verify");
            return 0;
        } catch (Failure failure) {
            err.println("FAILED: " + failure.getMessage());
            return 1;
        } catch (IOException e) {
            err.println("audit verify: " + e.getMessage());
            return 2;
        }
    }

    private void verify(Map<String, String> options) throws Failure, IOException {
        String checkpointFile = options.get("--checkpoint");
        Checkpoint checkpoint = checkpoint(checkpointFile, options.get("--issuer"), credentials);
        out.println("checkpoint " + checkpointFile + ": treeSize " + checkpoint.treeSize + ", root "
                + checkpoint.rootHash + ", signed by " + checkpoint.issuer + " at " + checkpoint.time);
        Checkpoint previous = null;
        if (options.containsKey("--previous")) {
            String previousFile = options.get("--previous");
            previous = checkpoint(previousFile, options.get("--issuer"), credentials);
            if (!previous.issuer.equals(checkpoint.issuer)) {
                throw new Failure("checkpoint " + previousFile + " is signed by " + previous.issuer + ", not by "
                        + checkpoint.issuer + " as " + checkpointFile + " is: not the same log");
            }
            if (previous.treeSize > checkpoint.treeSize) {
                throw new Failure("checkpoint " + previousFile + " (treeSize " + previous.treeSize + ") is larger than "
                        + checkpointFile + " (treeSize " + checkpoint.treeSize + "): pass the older one as --previous");
            }
            out.println("previous " + previousFile + ": treeSize " + previous.treeSize + ", root " + previous.rootHash);
        }

        String logFile = options.get("--log");
        List<byte[]> leaves = leaves(logFile);
        out.println("log " + logFile + ": " + leaves.size() + " entries");
        if (leaves.size() < checkpoint.treeSize) {
            throw new Failure("entry " + leaves.size() + " is missing: log " + logFile + " holds " + leaves.size()
                    + " entries, checkpoint " + checkpointFile + " covers " + checkpoint.treeSize);
        }
        SubtreeHashes tree = tree(leaves);
        byte[] root = MerkleTree.root(tree, checkpoint.treeSize);
        if (!MessageDigest.isEqual(root, checkpoint.root())) {
            throw new Failure(changed(options, leaves, tree, checkpoint, previous, root));
        }
        out.println("the first " + checkpoint.treeSize + " entries give the root of " + checkpointFile);
        if (previous != null) {
            List<byte[]> path = previous.treeSize == 0 ? List.of()
                    : MerkleTree.consistencyPath(tree, previous.treeSize, checkpoint.treeSize);
            boolean consistent = previous.treeSize == 0
                    ? MessageDigest.isEqual(previous.root(), MerkleHashes.emptyRoot())
                    : MerkleTree.verifyConsistency(previous.treeSize, checkpoint.treeSize, previous.root(),
                    checkpoint.root(), path);
            if (!consistent) {
                throw new Failure("checkpoint " + options.get("--previous") + " (treeSize " + previous.treeSize
                        + ") is not a prefix of " + checkpointFile + ": the log's first " + previous.treeSize
                        + " entries give root " + MerkleHashes.hex(MerkleTree.root(tree, previous.treeSize))
                        + ", not its " + previous.rootHash + ": history before entry " + previous.treeSize
                        + " was rewritten between the two checkpoints");
            }
            out.println("checkpoint " + options.get("--previous") + " is a prefix of " + checkpointFile
                    + " (RFC 9162 consistency proof of " + path.size() + " hashes verified)");
        }
    }

    /** What the failure to give the checkpoint's root says: the changed entry when it can be told. */
    private String changed(Map<String, String> options, List<byte[]> leaves, SubtreeHashes tree, Checkpoint checkpoint,
                           Checkpoint previous, byte[] root) throws Failure, IOException {
        String checkpointFile = options.get("--checkpoint");
        String earlierFile = options.get("--earlier-log");
        if (earlierFile != null) {
            List<byte[]> earlier = leaves(earlierFile);
            if (earlier.size() < checkpoint.treeSize || !MessageDigest.isEqual(
                    MerkleTree.root(tree(earlier), checkpoint.treeSize), checkpoint.root())) {
                return "earlier log " + earlierFile + " does not give the root of checkpoint " + checkpointFile
                        + " either: it cannot tell which entry changed";
            }
            for (int index = 0; index < checkpoint.treeSize; index++) {
                if (!MessageDigest.isEqual(earlier.get(index), leaves.get(index))) {
                    return "entry " + index + " was changed: it is not as it was when checkpoint " + checkpointFile
                            + " was signed (leaf hash " + MerkleHashes.hex(earlier.get(index)) + " then, "
                            + MerkleHashes.hex(leaves.get(index)) + " now)";
                }
            }
        }
        String where = "an entry below " + checkpoint.treeSize;
        if (previous != null && previous.treeSize > 0) {
            boolean prefixHolds = MessageDigest.isEqual(MerkleTree.root(tree, previous.treeSize), previous.root());
            where = prefixHolds ? "an entry from " + previous.treeSize + " to " + (checkpoint.treeSize - 1)
                    : "an entry below " + previous.treeSize + " (checkpoint " + options.get("--previous")
                    + " does not hold either)";
        }
        return "checkpoint " + checkpointFile + " (treeSize " + checkpoint.treeSize + ") does not hold: the log's first "
                + checkpoint.treeSize + " entries give root " + MerkleHashes.hex(root) + ", not the signed "
                + checkpoint.rootHash + ": " + where + " was changed since it was signed (give --earlier-log, an export "
                + "taken with it, to name the entry)";
    }

    /** The leaf hashes of an export, each entry checked to be JSON and at its index. */
    private static List<byte[]> leaves(String file) throws Failure, IOException {
        List<byte[]> leaves = new ArrayList<>();
        try (BufferedReader lines = Files.newBufferedReader(Path.of(file), StandardCharsets.UTF_8)) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (line.isBlank()) {
                    continue;
                }
                int index = leaves.size();
                Object entry;
                try {
                    entry = Jcs.parse(line);
                } catch (InvalidJsonException e) {
                    throw new Failure("entry " + index + " of log " + file + " is not JSON: " + e.getMessage());
                }
                Object found = entry instanceof Map<?, ?> object ? object.get("index") : null;
                if (!(found instanceof Double number) || number != index) {
                    throw new Failure("entry " + index + " of log " + file + " is missing or out of order: line "
                            + (index + 1) + " holds " + (found == null ? "no index" : "entry " + Jcs.write(found))
                            + " (the log must be exported whole, without a filter)");
                }
                leaves.add(MerkleHashes.leaf(Jcs.write(entry).getBytes(StandardCharsets.UTF_8)));
            }
        }
        return leaves;
    }

    /** Every complete subtree's hash, level by level, from the leaf hashes. */
    private static SubtreeHashes tree(List<byte[]> leaves) {
        List<List<byte[]>> levels = new ArrayList<>();
        levels.add(leaves);
        while (levels.get(levels.size() - 1).size() > 1) {
            List<byte[]> below = levels.get(levels.size() - 1);
            List<byte[]> level = new ArrayList<>(below.size() / 2);
            for (int i = 0; i + 1 < below.size(); i += 2) {
                level.add(MerkleHashes.node(below.get(i), below.get(i + 1)));
            }
            levels.add(level);
        }
        return (level, index) -> levels.get(level).get(Math.toIntExact(index));
    }

    private record Checkpoint(long treeSize, String rootHash, String issuer, String time) {
        byte[] root() {
            return MerkleHashes.fromHex(rootHash);
        }
    }

    /** A checkpoint whose signature verifies, by the expected issuer if one is given. */
    private static Checkpoint checkpoint(String file, String expectedIssuer, Credentials credentials)
            throws Failure, IOException {
        String json = Files.readString(Path.of(file), StandardCharsets.UTF_8);
        CredentialVerification verification = credentials.apply(json, Instant.now());
        if (!verification.verified()) {
            throw new Failure("checkpoint " + file + " is not a verifiable credential of the service: "
                    + String.join("; ", verification.errors()));
        }
        Map<?, ?> credential = (Map<?, ?>) Jcs.parse(json);
        Object issuer = credential.get("issuer");
        if (!(issuer instanceof String did) || !did.startsWith("did:key:")) {
            throw new Failure("checkpoint " + file + " is not signed by a did:key issuer");
        }
        if (expectedIssuer != null && !expectedIssuer.equals(did)) {
            throw new Failure("checkpoint " + file + " is signed by " + did + ", not by " + expectedIssuer);
        }
        if (!(credential.get("credentialSubject") instanceof Map<?, ?> subject)
                || !SignAuditCheckpoint.SUBJECT_TYPE.equals(subject.get("type"))
                || !(subject.get("treeSize") instanceof Double size) || size < 0 || size != Math.rint(size)
                || !(subject.get("rootHash") instanceof String rootHash) || !rootHash.matches("[0-9a-f]{64}")) {
            throw new Failure("checkpoint " + file + " is not an audit log checkpoint: its credentialSubject must be "
                    + "{type: AuditLogCheckpoint, treeSize, rootHash, time}");
        }
        return new Checkpoint(size.longValue(), rootHash, did, String.valueOf(subject.get("time")));
    }
}
