package io.traceloom.command.canvas.sandbox;

import java.io.Writer;

/**
 * Where a render writes: it refuses to grow past its size, counted in bytes of UTF-8 as the output will
 * be stored and sent, and checks the render's deadline as it is written.
 */
final class BoundedOutput extends Writer {

    private final StringBuilder text = new StringBuilder();
    private final long maxBytes;
    private long bytes;

    BoundedOutput(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    @Override
    public void write(char[] chars, int offset, int length) {
        count(java.nio.CharBuffer.wrap(chars, offset, length));
        text.append(chars, offset, length);
    }

    @Override
    public void write(String chars, int offset, int length) {
        count(chars.subSequence(offset, offset + length));
        text.append(chars, offset, offset + length);
    }

    @Override
    public void write(int c) {
        count(String.valueOf((char) c));
        text.append((char) c);
    }

    private void count(CharSequence chars) {
        RenderBudget.check();
        long more = 0;
        for (int i = 0; i < chars.length(); i++) {
            char c = chars.charAt(i);
            // a surrogate pair is 4 bytes: 2 for each half
            more += c < 0x80 ? 1 : c < 0x800 || Character.isSurrogate(c) ? 2 : 3;
        }
        if (bytes + more > maxBytes) {
            throw new RenderLimitException(RenderLimitException.Limit.OUTPUT);
        }
        bytes += more;
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
    }

    @Override
    public String toString() {
        return text.toString();
    }
}
