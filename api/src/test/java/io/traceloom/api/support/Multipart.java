package io.traceloom.api.support;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

/** A {@code multipart/form-data} body (RFC 7578), built part by part, with a boundary of its own. */
public final class Multipart {

    private final String boundary = "----traceloom-test-" + UUID.randomUUID();
    private final ByteArrayOutputStream body = new ByteArrayOutputStream();

    /** A body with one part, {@code file}. */
    public static Multipart file(String fileName, String contentType, byte[] bytes) {
        return new Multipart().part("file", fileName, contentType, bytes);
    }

    /**
     * @param fileName    the part's file name, or {@code null} for a plain field
     * @param contentType the part's type, or {@code null} for none
     */
    public Multipart part(String name, String fileName, String contentType, byte[] bytes) {
        StringBuilder head = new StringBuilder("--").append(boundary).append("\r\n")
                .append("Content-Disposition: form-data; name=\"").append(name).append('"');
        if (fileName != null) {
            head.append("; filename=\"").append(fileName).append('"');
        }
        head.append("\r\n");
        if (contentType != null) {
            head.append("Content-Type: ").append(contentType).append("\r\n");
        }
        head.append("\r\n");
        body.writeBytes(head.toString().getBytes(StandardCharsets.UTF_8));
        body.writeBytes(bytes);
        body.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
        return this;
    }

    public String contentType() {
        return "multipart/form-data; boundary=" + boundary;
    }

    public byte[] bytes() {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        all.writeBytes(body.toByteArray());
        all.writeBytes(("--" + boundary + "--\r\n").getBytes(StandardCharsets.US_ASCII));
        return all.toByteArray();
    }
}
