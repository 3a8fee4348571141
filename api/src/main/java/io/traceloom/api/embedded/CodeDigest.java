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
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

/** A digest of the service's own classes: what folds events into read models. */
final class CodeDigest {

    private CodeDigest() {
    }

    static String ofTraceloom() {
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
