package io.traceloom.command.canvas;

import com.github.jknack.handlebars.Template;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/** Compiled templates by template and version, so a render never compiles; least recently used leave first. */
final class CompiledTemplates {

    private record Key(String templateId, long version) {
    }

    private final Map<Key, Template> templates;

    CompiledTemplates(int capacity) {
        this.templates = new LinkedHashMap<>(64, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Key, Template> eldest) {
                return size() > capacity;
            }
        };
    }

    Template get(String templateId, long version, Supplier<Template> compile) {
        Key key = new Key(templateId, version);
        synchronized (this) {
            Template compiled = templates.get(key);
            if (compiled != null) {
                return compiled;
            }
        }
        Template compiled = compile.get();
        synchronized (this) {
            templates.put(key, compiled);
        }
        return compiled;
    }
}
