package io.traceloom.api.storage;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import org.h2.store.fs.FileBaseDefault;

/**
 * An H2 file that passes every operation to the channel it wraps: the test file systems ({@link PowerLossFilePath},
 * {@link HoldingFilePath}) override only the operations they watch.
 */
abstract class DelegatingChannel extends FileBaseDefault {

    protected final FileChannel file;

    DelegatingChannel(FileChannel file) {
        this.file = file;
    }

    @Override
    public int read(ByteBuffer dst, long position) throws IOException {
        return file.read(dst, position);
    }

    @Override
    public int write(ByteBuffer src, long position) throws IOException {
        return file.write(src, position);
    }

    @Override
    protected void implTruncate(long size) throws IOException {
        file.truncate(size);
    }

    @Override
    public long size() throws IOException {
        return file.size();
    }

    @Override
    public void force(boolean metaData) throws IOException {
        file.force(metaData);
    }

    @Override
    public FileLock tryLock(long position, long size, boolean shared) throws IOException {
        return file.tryLock(position, size, shared);
    }

    @Override
    protected void implCloseChannel() throws IOException {
        file.close();
    }
}
