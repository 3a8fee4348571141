package io.traceloom.api.support;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Random;

/** Files of known kinds, made here: a 1×1 PNG, a GIF, a JPEG and WebP header, HTML, SVG, random bytes. */
public final class Samples {

    public static final byte[] PNG = Base64.getDecoder().decode(
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==");
    public static final byte[] GIF = Base64.getDecoder().decode(
            "R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7");
    public static final byte[] HTML = "<!DOCTYPE html><html><body><script>alert(document.domain)</script></body></html>"
            .getBytes(StandardCharsets.UTF_8);
    public static final byte[] SVG = "<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>"
            .getBytes(StandardCharsets.UTF_8);

    private Samples() {
    }

    /** Bytes no one could name: the same ones for the same seed. */
    public static byte[] random(int size, long seed) {
        byte[] bytes = new byte[size];
        new Random(seed).nextBytes(bytes);
        bytes[0] = 0; // never a magic number by chance
        return bytes;
    }
}
