package io.traceloom.command.storage;

import java.io.IOException;
import java.util.Optional;

/**
 * Small records that are written once and never replaced, under names chosen by their user (safe as file
 * names): a directory of the data directory ({@link OwnerOnlyDirectoryRecords}) on the embedded default, or a
 * collection of the MongoDB that every process of a deployment shares, so that they all see the same records.
 * Where several writers race to create a record, one wins; the others get the winner's.
 */
public interface WriteOnceRecords {

    /** The record of that name, if there is one. */
    Optional<byte[]> read(String name) throws IOException;

    /**
     * Stores the record, durably, unless one of that name exists.
     *
     * @return the record now stored under the name: {@code content}, or the one that was there first
     */
    byte[] createIfAbsent(String name, byte[] content) throws IOException;

    /** Where the records are, for messages to operators. */
    String where();

    /**
     * Where a deployment's shared records are kept, when its processes share a MongoDB: each kind of record in a
     * place of its own.
     */
    interface Shared {

        /** The records of one kind, e.g. {@code issuer_keys}. */
        WriteOnceRecords named(String kind);
    }
}
