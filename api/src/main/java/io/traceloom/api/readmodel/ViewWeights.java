package io.traceloom.api.readmodel;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;

/**
 * What a view weighs in memory, as estimated for {@link ViewCache}: views are records of text, numbers, instants,
 * lists, maps and other records. Text counts 2 bytes a character (as Java holds any text beyond Latin-1) and 40 for
 * the string itself; any other value, list or record 16, besides what it holds. Close enough to bound a cache whose
 * entries range from a few hundred bytes (a trade item) to 2 MB (a render: its variables and its output).
 */
final class ViewWeights {

    private static final long OBJECT = 16;
    private static final long STRING = 40;
    private static final ClassValue<Method[]> ACCESSORS = new ClassValue<>() {
        @Override
        protected Method[] computeValue(Class<?> type) {
            RecordComponent[] components = type.getRecordComponents();
            Method[] accessors = new Method[components.length];
            for (int i = 0; i < components.length; i++) {
                accessors[i] = components[i].getAccessor();
                accessors[i].setAccessible(true);
            }
            return accessors;
        }
    };

    private ViewWeights() {
    }

    static long of(Object value) {
        if (value == null) {
            return 0;
        }
        if (value instanceof CharSequence text) {
            return STRING + 2L * text.length();
        }
        if (value instanceof byte[] bytes) {
            return OBJECT + bytes.length;
        }
        if (value instanceof Optional<?> optional) {
            return OBJECT + of(optional.orElse(null));
        }
        long weight = OBJECT;
        if (value instanceof Collection<?> items) {
            for (Object item : items) {
                weight += OBJECT + of(item);
            }
        } else if (value instanceof Map<?, ?> entries) {
            for (Map.Entry<?, ?> entry : entries.entrySet()) {
                weight += OBJECT + of(entry.getKey()) + of(entry.getValue());
            }
        } else if (value.getClass().isRecord()) {
            for (Method accessor : ACCESSORS.get(value.getClass())) {
                weight += of(component(accessor, value));
            }
        }
        return weight;
    }

    private static Object component(Method accessor, Object record) {
        try {
            return accessor.invoke(record);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("a view's component cannot be read: " + accessor, e);
        }
    }
}
