package io.traceloom.command.canvas.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.jknack.handlebars.Template;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The compiled templates kept are bounded by what they weigh, not by how many they are: a compiled template weighs
 * up to about 69 bytes a character of its source (4.4 MB for 64 K characters), and a thousand of them filled any
 * heap.
 */
class CompiledTemplatesTest {

    private final CanvasSandbox sandbox = new CanvasSandbox();
    private final List<String> compiled = new ArrayList<>();

    private Template compile(String source) {
        compiled.add(source);
        return sandbox.compile(source);
    }

    @Test
    void theLeastRecentlyUsedLeaveOnceTheKeptWouldWeighMoreThanTheCapacity() {
        String source = "x{{a}}".repeat(100); // 600 characters: 60,000 bytes as counted
        CompiledTemplates templates = new CompiledTemplates(150_000);

        templates.get("one", 0, source, this::compile);
        templates.get("two", 0, source, this::compile);
        templates.get("one", 0, source, this::compile); // used again: "two" is now the least recently used
        templates.get("three", 0, source, this::compile);

        assertThat(templates.size()).isEqualTo(2);
        assertThat(templates.weight()).isEqualTo(120_000).isLessThanOrEqualTo(150_000);
        templates.get("one", 0, source, this::compile);
        templates.get("three", 0, source, this::compile);
        assertThat(compiled).as("compiled: one, two, three; then neither one nor three again").hasSize(3);
        templates.get("two", 0, source, this::compile);
        assertThat(compiled).as("two had left").hasSize(4);
    }

    @Test
    void aTemplateHeavierThanTheWholeCapacityIsUsedAndNotKept() {
        CompiledTemplates templates = new CompiledTemplates(150_000);
        String huge = "{{a}}".repeat(13_000); // 65,000 characters: 6.5 MB as counted

        Template first = templates.get("huge", 0, huge, this::compile);
        templates.get("huge", 0, huge, this::compile);

        assertThat(first).isNotNull();
        assertThat(compiled).as("compiled each time it is used").hasSize(2);
        assertThat(templates.size()).isZero();
        assertThat(templates.weight()).isZero();
    }

    @Test
    void aNewVersionTakesTheRoomOfNothingButItself() {
        CompiledTemplates templates = new CompiledTemplates(150_000);
        templates.get("one", 0, "{{a}}", this::compile);
        templates.get("one", 1, "{{b}}", this::compile);

        assertThat(templates.size()).isEqualTo(2);
        assertThat(templates.weight()).isEqualTo(1_000);
    }
}
