package io.traceloom.api.config;

import com.mongodb.ErrorCategory;
import com.mongodb.MongoWriteException;
import com.mongodb.ReadConcern;
import com.mongodb.WriteConcern;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import io.traceloom.command.storage.WriteOnceRecords;
import java.time.Instant;
import java.util.Date;
import java.util.Optional;
import org.bson.Document;
import org.bson.types.Binary;

/**
 * Write-once records in a collection of the MongoDB every process of a deployment shares: a document per record,
 * its name the {@code _id}. The unique {@code _id} decides a race between processes creating the same record:
 * one insert wins, the others fail with a duplicate key and read the winner's. Writes are acknowledged by a
 * majority of the replica set, journaled, before the record is used; reads ask for majority-committed data, so
 * no process reads a record that a failover could still take back.
 */
public final class MongoWriteOnceRecords implements WriteOnceRecords {

    private final MongoCollection<Document> records;
    private final String where;

    public MongoWriteOnceRecords(MongoDatabase database, String collection) {
        this.records = database.getCollection(collection)
                .withWriteConcern(WriteConcern.MAJORITY.withJournal(true))
                .withReadConcern(ReadConcern.MAJORITY);
        this.where = "MongoDB collection " + database.getName() + "." + collection;
    }

    /** Each kind of record in a collection of that name. */
    public static WriteOnceRecords.Shared in(MongoDatabase database) {
        return kind -> new MongoWriteOnceRecords(database, kind);
    }

    @Override
    public Optional<byte[]> read(String name) {
        Document found = records.find(Filters.eq("_id", name)).first();
        return Optional.ofNullable(found).map(document -> document.get("content", Binary.class).getData());
    }

    @Override
    public byte[] createIfAbsent(String name, byte[] content) {
        try {
            records.insertOne(new Document("_id", name).append("content", new Binary(content))
                    .append("createdAt", Date.from(Instant.now())));
            return content;
        } catch (MongoWriteException e) {
            if (ErrorCategory.fromErrorCode(e.getError().getCode()) != ErrorCategory.DUPLICATE_KEY) {
                throw e;
            }
            return read(name).orElseThrow(() -> new IllegalStateException(
                    "Record " + name + " was refused as a duplicate, yet is not in " + where, e));
        }
    }

    @Override
    public String where() {
        return where;
    }
}
