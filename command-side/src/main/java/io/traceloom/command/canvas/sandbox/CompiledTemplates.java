package io.traceloom.command.canvas.sandbox;

import com.github.jknack.handlebars.Template;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.function.Function;

/**
 * Compiled templates by template and version, so a render never compiles; least recently used leave first, once
 * what is kept would weigh more than the capacity.
 *
 * <p>A compiled template is far larger than its text: Handlebars.java's compiled form measured up to 69 bytes a
 * character (4.4 MB for a template of 64 K characters of {@code x{{a}}}), so a count of entries bounds nothing
 * (1,000 of those were 4.4 GB). Each is counted as {@link #BYTES_PER_CHARACTER} for every character of its
 * source; one heavier than the whole capacity is used once and not kept.
 */
public final class CompiledTemplates {

    public static final long BYTES_PER_CHARACTER = 100;

    private record Key(String templateId, long version) {
    }

    private record Kept(Template template, long weight) {
    }

    private final long capacity;
    private final LinkedHashMap<Key, Kept> templates = new LinkedHashMap<>(64, 0.75f, true);
    private long weight;

    /** @param capacity the most bytes, as estimated, the templates kept may weigh together */
    public CompiledTemplates(long capacity) {
        this.capacity = capacity;
    }

    public Template get(String templateId, long version, String source, Function<String, Template> compile) {
        Key key = new Key(templateId, version);
        synchronized (this) {
            Kept kept = templates.get(key);
            if (kept != null) {
                return kept.template();
            }
        }
        Template compiled = compile.apply(source);
        keep(key, new Kept(compiled, source.length() * BYTES_PER_CHARACTER));
        return compiled;
    }

    private synchronized void keep(Key key, Kept kept) {
        Kept replaced = templates.remove(key);
        if (replaced != null) {
            weight -= replaced.weight();
        }
        if (kept.weight() > capacity) {
            return;
        }
        templates.put(key, kept);
        weight += kept.weight();
        for (Iterator<Kept> eldest = templates.values().iterator(); weight > capacity && eldest.hasNext(); ) {
            weight -= eldest.next().weight();
            eldest.remove();
        }
    }

    /** What the templates kept weigh together, as estimated. */
    public synchronized long weight() {
        return weight;
    }

    /** How many templates are kept. */
    public synchronized int size() {
        return templates.size();
    }
}
