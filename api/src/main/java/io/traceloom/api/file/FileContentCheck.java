package io.traceloom.api.file;

import io.traceloom.api.content.ContentStore;
import io.traceloom.api.messaging.Queries;
import io.traceloom.api.readmodel.ReadModelCatchUp;
import io.traceloom.kernel.file.FileContents;
import io.traceloom.kernel.file.ListFileContents;
import java.io.IOException;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * At start, once the read models are built, every live file's bytes are looked for in the content store
 * (there, and of the recorded size). A file whose bytes are missing is reported, one line each; its content
 * then answers 500, never other bytes. The check runs beside the traffic and does not hold readiness back.
 */
@Component
public class FileContentCheck {

    private static final Logger log = LoggerFactory.getLogger(FileContentCheck.class);
    private static final int PAGE = 500;
    private static final Duration WAIT_FOR_READ_MODELS = Duration.ofMinutes(30);

    private final Queries queries;
    private final ContentStore contents;
    private final ReadModelCatchUp catchUp;

    public FileContentCheck(Queries queries, ContentStore contents, ReadModelCatchUp catchUp) {
        this.queries = queries;
        this.contents = contents;
        this.catchUp = catchUp;
    }

    @EventListener(ApplicationReadyEvent.class)
    public void start() {
        Thread checker = new Thread(this::checkOnceCaughtUp, "file-content-check");
        checker.setDaemon(true);
        checker.start();
    }

    private void checkOnceCaughtUp() {
        long deadline = System.nanoTime() + WAIT_FOR_READ_MODELS.toNanos();
        try {
            while (!catchUp.isCaughtUp()) {
                if (System.nanoTime() > deadline) {
                    log.warn("The read models were not built within {}; file contents were not checked",
                            WAIT_FOR_READ_MODELS);
                    return;
                }
                Thread.sleep(50);
            }
            check();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            log.warn("File contents could not be checked", e);
        }
    }

    /** @return how many files miss their bytes */
    long check() {
        long checked = 0;
        long missing = 0;
        String after = "";
        while (true) {
            FileContents page = queries.get(new ListFileContents(after, PAGE), FileContents.class);
            for (FileContents.Needed file : page.items()) {
                checked++;
                if (!present(file)) {
                    missing++;
                    log.error("File {} of tenant {} has no bytes in the content store (SHA-256 {}, {} bytes): its "
                            + "content answers 500 until they are restored", file.fileId(), file.tenantId(),
                            file.sha256(), file.size());
                }
                after = file.fileId();
            }
            if (page.items().size() < PAGE) {
                break;
            }
        }
        if (missing == 0) {
            log.info("The bytes of all {} files are in the content store", checked);
        } else {
            log.error("{} of {} files have no bytes in the content store", missing, checked);
        }
        return missing;
    }

    private boolean present(FileContents.Needed file) {
        try {
            return contents.find(file.sha256(), file.size()).isPresent();
        } catch (IOException e) {
            log.warn("The bytes of file {} could not be looked for", file.fileId(), e);
            return false;
        }
    }
}
