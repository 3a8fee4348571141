package io.traceloom.api.embedded;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicBoolean;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

/**
 * A digest of the service's own classes: what folds events into read models. Worked out once per JVM (the classes
 * do not change while it runs): finding, reading and hashing about 800 classes takes 0.3 to 0.9 s of a start on
 * two cores, so a start of the embedded default begins it on a thread of its own as soon as the configuration is
 * known ({@link #prefetch()}, from {@link EmbeddedDefaults}), while the context is still being prepared: the read
 * models' store asks for it when it opens a file (after a clean stop) or commits first (on an empty store, with
 * the read models' commands held meanwhile).
 */
final class CodeDigest {

    private static final FutureTask<String> DIGEST = new FutureTask<>(CodeDigest::compute);
    private static final AtomicBoolean STARTED = new AtomicBoolean();

    private CodeDigest() {
    }

    /** Starts working out the digest in the background, once; {@link #ofTraceloom()} then waits for it. */
    static void prefetch() {
        if (STARTED.compareAndSet(false, true)) {
            Thread thread = new Thread(DIGEST, "code-digest");
            thread.setDaemon(true);
            thread.start();
        }
    }

    static String ofTraceloom() {
        if (STARTED.compareAndSet(false, true)) {
            DIGEST.run();
        }
        try {
            return DIGEST.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the service's classes were read", e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException failure ? failure
                    : new IllegalStateException("cannot read the service's classes", e.getCause());
        }
    }

    private static String compute() {
        try {
            Resource[] classes = new PathMatchingResourcePatternResolver(CodeDigest.class.getClassLoader())
                    .getResources("classpath*:io/traceloom/**/*.class");
            List<Resource> sorted = new ArrayList<>(Arrays.asList(classes));
            sorted.sort(Comparator.comparing(CodeDigest::name));
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (Resource resource : sorted) {
                digest.update(name(resource).getBytes(StandardCharsets.UTF_8));
                try (InputStream in = resource.getInputStream()) {
                    digest.update(in.readAllBytes());
                }
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (IOException | NoSuchAlgorithmException e) {
            throw new IllegalStateException("cannot read the service's classes", e);
        }
    }

    /** The class's name from {@code io/traceloom/} on, wherever it was found. */
    private static String name(Resource resource) {
        try {
            String url = resource.getURL().toString();
            return url.substring(url.lastIndexOf("io/traceloom/"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
