package io.traceloom.api.content;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class MediaTypeDetectorTest {

    private static final byte[] PNG = Base64.getDecoder().decode(
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==");
    private static final byte[] JPEG = {(byte) 0xFF, (byte) 0xD8, (byte) 0xFF, (byte) 0xE0, 0, 0x10, 'J', 'F', 'I', 'F', 0};
    private static final byte[] WEBP = "RIFF\0\0\0\0WEBPVP8 ".getBytes(StandardCharsets.ISO_8859_1);
    private static final byte[] GIF = "GIF89a\1\0\1\0".getBytes(StandardCharsets.ISO_8859_1);

    private final MediaTypeDetector detector = new MediaTypeDetector();

    @Test
    void theBytesSayWhatTheyAre() throws IOException {
        assertThat(detect(PNG, null, null)).isEqualTo("image/png");
        assertThat(detect(JPEG, null, null)).isEqualTo("image/jpeg");
        assertThat(detect(WEBP, null, null)).isEqualTo("image/webp");
        assertThat(detect(GIF, null, null)).isEqualTo("image/gif");
        assertThat(detect(text("<!DOCTYPE html><html></html>"), null, null)).isEqualTo("text/html");
        assertThat(detect(text("hello"), null, null)).isEqualTo("text/plain");
    }

    @Test
    void aClaimOutsideWhatTheBytesShowIsIgnored() throws IOException {
        assertThat(detect(PNG, "text/plain", "report.txt")).isEqualTo("image/png");
        assertThat(detect(text("<!DOCTYPE html><html></html>"), "image/png", "logo.png")).isEqualTo("text/html");
        assertThat(detect(new byte[] {0, 1, 2, 3}, "image/png", "logo.png")).isEqualTo("application/octet-stream");
    }

    @Test
    void aClaimWithinWhatTheBytesShowRefinesIt() throws IOException {
        assertThat(detect(text("a,b\n1,2\n"), "text/csv", null)).isEqualTo("text/csv");
        assertThat(detect(text("a,b\n1,2\n"), "TEXT/CSV; charset=utf-8", null)).isEqualTo("text/csv");
        assertThat(detect(text("a,b\n1,2\n"), "application/octet-stream", "lots.csv")).isEqualTo("text/csv");
        assertThat(detect(text("a,b\n1,2\n"), "not a type", "lots")).isEqualTo("text/plain");
    }

    @Test
    void typesHaveTheirUsualExtension() {
        assertThat(detector.extensionOf("image/png")).isEqualTo(".png");
        assertThat(detector.extensionOf("no/such-type")).isEmpty();
    }

    private String detect(byte[] bytes, String type, String name) throws IOException {
        return detector.detect(new ByteArrayInputStream(bytes), type, name);
    }

    private static byte[] text(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
