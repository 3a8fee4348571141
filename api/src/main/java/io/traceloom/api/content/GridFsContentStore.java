package io.traceloom.api.content;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;

import com.mongodb.WriteConcern;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.gridfs.GridFSBucket;
import com.mongodb.client.gridfs.GridFSBuckets;
import com.mongodb.client.gridfs.model.GridFSFile;
import com.mongodb.client.gridfs.model.GridFSUploadOptions;
import com.mongodb.client.model.Sorts;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.bson.types.ObjectId;

/**
 * With an external MongoDB: each content a GridFS file named by its SHA-256, in the bucket
 * {@value #BUCKET}. GridFS writes a file's chunks first and its entry last, so a content is found by its name
 * only once it is whole; writes are acknowledged by a majority, journaled.
 */
public final class GridFsContentStore extends StagingContentStore {

    static final String BUCKET = "contents";

    private final GridFSBucket bucket;

    public GridFsContentStore(MongoDatabase database, Path staging) {
        super(staging);
        this.bucket = GridFSBuckets.create(database, BUCKET).withWriteConcern(WriteConcern.MAJORITY.withJournal(true));
    }

    private Optional<GridFSFile> whole(String sha256, long size) {
        return Optional.ofNullable(bucket.find(and(eq("filename", sha256), eq("length", size)))
                .sort(Sorts.descending("uploadDate")).first());
    }

    @Override
    protected boolean holds(String sha256, long size) {
        return whole(sha256, size).isPresent();
    }

    @Override
    protected Object persist(String sha256, Path staged, long size) throws IOException {
        try (InputStream in = Files.newInputStream(staged)) {
            return bucket.uploadFromStream(sha256, in, new GridFSUploadOptions().chunkSizeBytes(255 * 1024));
        }
    }

    @Override
    protected void remove(String sha256, Object persisted) {
        bucket.delete((ObjectId) persisted);
    }

    @Override
    public Optional<Content> find(String sha256, long size) {
        return whole(sha256, size).map(file -> new Content() {
            @Override
            public long size() {
                return size;
            }

            @Override
            public InputStream open(long offset) throws IOException {
                InputStream in = bucket.openDownloadStream(file.getObjectId());
                in.skipNBytes(offset);
                return in;
            }
        });
    }
}
