package io.traceloom.api.credential;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.api.support.Http.Response;
import io.traceloom.api.support.RunningTraceloom;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * With the step limit of canonicalization lifted, what stops a credential built to cost minutes is the
 * deadline, checked inside the loops of the work: the request gets its 400 at the deadline, the work
 * stops with it (the next request is answered at once), and the log says so in one line, not in a stack
 * trace every second as Axon's own time limits would.
 */
@ExtendWith(OutputCaptureExtension.class)
class CredentialDeadlineTest {

    @TempDir
    Path dataDir;

    @Test
    void theDeadlineStopsTheWorkAndSaysSoInOneLine(CapturedOutput output) {
        String ten = "[" + String.join(",", Collections.nCopies(10, "{\"z\":1}")) + "]";
        String factorial = "{\"credentialSubject\":{\"x\":[{\"y\":" + ten + "},{\"y\":" + ten + "}]}}";
        try (RunningTraceloom traceloom = RunningTraceloom.start(dataDir,
                "--traceloom.credentials.limits.timeout=500ms",
                "--traceloom.credentials.limits.max-canonicalization-steps=2000000000")) {
            int logged = output.getOut().length();
            long started = System.nanoTime();
            Response refused = traceloom.http().post("/credentials/issue", factorial);
            Duration took = Duration.ofNanos(System.nanoTime() - started);

            assertThat(refused.status()).as(refused.body()).isEqualTo(400);
            assertThat(refused.json().get("detail").asText()).contains("traceloom.credentials.limits.timeout");
            assertThat(took).isLessThan(Duration.ofSeconds(10));
            Response normal = traceloom.http().post("/credentials/issue", "{\"credentialSubject\":{\"id\":\"urn:x:1\"}}");
            assertThat(normal.status()).isEqualTo(201);

            String log = output.getOut().substring(logged);
            assertThat(log.lines().filter(line -> line.contains("400 POST /credentials/issue"))).hasSize(1);
            assertThat(log).doesNotContain("Exception").doesNotContain("\tat ");
        }
    }
}
