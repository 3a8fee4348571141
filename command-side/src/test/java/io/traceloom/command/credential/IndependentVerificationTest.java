package io.traceloom.command.credential;

import static io.traceloom.command.credential.SampleCredentials.CONTEXTS;
import static io.traceloom.command.credential.SampleCredentials.SUITE;
import static io.traceloom.command.credential.SampleCredentials.newKey;
import static io.traceloom.command.credential.SampleCredentials.signed;
import static io.traceloom.command.credential.SampleCredentials.unsigned;
import static org.assertj.core.api.Assertions.assertThat;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A credential no independent verifier accepts is worthless: Digital Bazaar's {@code @digitalbazaar/vc}
 * with the {@code eddsa-rdfc-2022} cryptosuite, installed from the npm registry, verifies what this
 * service signs, and signs what this service must verify. Needs Node.js and npm; skips with a message
 * where Node.js is missing.
 */
class IndependentVerificationTest {

    private static final Path SOURCES = Path.of("src/test/node");
    private static final Path VERIFIER = Path.of("target/independent-verifier");

    @TempDir
    Path work;

    @BeforeAll
    static void installVerifier() throws Exception {
        if (!runs("node", "--version") || !runs("npm", "--version")) {
            String why = "Node.js and npm are not on the PATH; skipping the independent verification with "
                    + "Digital Bazaar's @digitalbazaar/vc";
            System.out.println("IndependentVerificationTest SKIPPED: " + why);
            Assumptions.abort(why);
        }
        Files.createDirectories(VERIFIER);
        for (String file : List.of("package.json", "package-lock.json", "vc.mjs")) {
            Files.copy(SOURCES.resolve(file), VERIFIER.resolve(file), StandardCopyOption.REPLACE_EXISTING);
        }
        if (!Files.isDirectory(VERIFIER.resolve("node_modules/@digitalbazaar/vc"))) {
            Result install = run(VERIFIER, 300, "npm", "ci", "--no-audit", "--no-fund");
            assertThat(install.exit()).as("npm install of the verifier: " + install.output()).isZero();
        }
    }

    @Test
    void digitalBazaarVerifiesWhatWeSign() throws Exception {
        Result result = node("verify", signed(newKey()));

        assertThat(result.exit()).as(result.output()).isZero();
        assertThat(result.output()).contains("\"verified\":true");
    }

    @Test
    void digitalBazaarRefusesATamperedCredential() throws Exception {
        JsonObject credential = signed(newKey());
        JsonObject tampered = Json.createObjectBuilder(credential).add("credentialSubject",
                Json.createObjectBuilder(credential.getJsonObject("credentialSubject")).add("product", "Pears")).build();

        Result result = node("verify", tampered);

        assertThat(result.exit()).as(result.output()).isEqualTo(1);
        assertThat(result.output()).contains("\"verified\":false");
    }

    @Test
    void weVerifyWhatDigitalBazaarSigns() throws Exception {
        var unsignedByUs = Json.createObjectBuilder(unsigned(newKey()).build());
        unsignedByUs.remove("issuer"); // their issuer sets its own did:key

        Result issued = node("issue", unsignedByUs.build());
        assertThat(issued.exit()).as(issued.output()).isZero();
        JsonObject theirs = Json.createReader(new StringReader(issued.output().trim())).readObject();

        EddsaRdfc2022.Verification verification = SUITE.verify(theirs, Instant.now());
        assertThat(verification.errors()).isEmpty();
        assertThat(verification.checks()).contains("proof", "issuer");
    }

    private Result node(String mode, JsonObject credential) throws Exception {
        Path credentialFile = work.resolve("credential.json");
        Path contextsFile = work.resolve("contexts.json");
        Files.writeString(credentialFile, credential.toString());
        Files.writeString(contextsFile, Json.createObjectBuilder()
                .add(CONTEXTS.traceloomContext(), CONTEXTS.traceloomDocument()).build().toString());
        return run(VERIFIER, 60, "node", "vc.mjs", mode, credentialFile.toAbsolutePath().toString(),
                contextsFile.toAbsolutePath().toString());
    }

    private record Result(int exit, String output) {
    }

    private static boolean runs(String... command) {
        try {
            return run(Path.of("."), 30, command).exit() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    private static Result run(Path directory, int seconds, String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true).start();
        byte[] output = process.getInputStream().readAllBytes();
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            return new Result(-1, "timed out: " + String.join(" ", command));
        }
        return new Result(process.exitValue(), new String(output, StandardCharsets.UTF_8));
    }
}
