package io.traceloom.api.storage;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.axonframework.messaging.MetaData;
import org.axonframework.serialization.Converter;
import org.axonframework.serialization.SerializedObject;
import org.axonframework.serialization.SerializedType;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.SimpleSerializedObject;
import org.axonframework.serialization.json.JacksonSerializer;

/**
 * The JDBC event store's snapshot serializer: JSON as Axon's Jackson serializer writes it, gzipped, written into the
 * compressed bytes and read back from them as a stream. A tenant's catalogue of 100,000 tags snapshots to 18 MB of
 * JSON; taking a snapshot held that twice (Jackson's buffer and its copy) beside the 17 MB of the snapshot before it,
 * which the snapshotter reads to build the aggregate it snapshots, and a 256 MB heap ran out during writes to that
 * catalogue (BENCHMARKS.md). Compressed, the same snapshot is a few megabytes, and neither its JSON nor the one before
 * is ever held whole.
 *
 * <p>Snapshots stored before are plain JSON, and read as before: gzip's first byte never begins JSON. Metadata, a few
 * bytes, stays plain. With another serializer than Jackson's, snapshots are that serializer's, uncompressed. The
 * other way does not hold: a build from before this cannot read these (docs/operations.md says how to upgrade). An
 * upcaster for an aggregate's type would get the compressed bytes: there is none; one would first decompress.
 */
final class CompressedSnapshots implements Serializer {

    private final Serializer json;
    private final ObjectMapper mapper;

    CompressedSnapshots(Serializer json) {
        this.json = json;
        this.mapper = json instanceof JacksonSerializer jackson ? jackson.getObjectMapper() : null;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> SerializedObject<T> serialize(Object object, Class<T> expectedRepresentation) {
        if (mapper == null || object == null || object instanceof MetaData || expectedRepresentation != byte[].class) {
            return json.serialize(object, expectedRepresentation);
        }
        ByteArrayOutputStream compressed = new ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(compressed, 64 * 1024)) {
            mapper.writerFor(object.getClass()).writeValue(out, object);
        } catch (IOException e) {
            throw new UncheckedIOException("a snapshot of " + object.getClass().getName() + " could not be written", e);
        }
        return (SerializedObject<T>) new SimpleSerializedObject<>(compressed.toByteArray(), byte[].class,
                typeForClass(object.getClass()));
    }

    @Override
    @SuppressWarnings("unchecked")
    public <S, T> T deserialize(SerializedObject<S> serializedObject) {
        if (mapper == null || !(serializedObject.getData() instanceof byte[] bytes) || !gzipped(bytes)) {
            return json.deserialize(serializedObject);
        }
        Class<?> type = classForType(serializedObject.getType());
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(bytes), 64 * 1024)) {
            return (T) mapper.readerFor(type).readValue(in);
        } catch (IOException e) {
            throw new UncheckedIOException("a snapshot of " + type.getName() + " could not be read", e);
        }
    }

    /** gzip's magic number; JSON begins with a brace, a bracket, a quote, a letter, a digit or white space. */
    static boolean gzipped(byte[] bytes) {
        return bytes.length >= 2 && bytes[0] == (byte) 0x1f && bytes[1] == (byte) 0x8b;
    }

    @Override
    public <T> boolean canSerializeTo(Class<T> expectedRepresentation) {
        return json.canSerializeTo(expectedRepresentation);
    }

    @Override
    public Class classForType(SerializedType type) {
        return json.classForType(type);
    }

    @Override
    public SerializedType typeForClass(Class type) {
        return json.typeForClass(type);
    }

    @Override
    public Converter getConverter() {
        return json.getConverter();
    }
}
