package io.traceloom.command.canvas.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Every way out of the canvas sandbox the issue lists, and a few more: each one closed. */
@Timeout(30)
class CanvasSandboxTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNode LOT = json("{\"name\":\"Alice\",\"lot\":{\"kg\":12,\"tags\":[\"a\",\"b\"]},"
            + "\"html\":\"<script>alert('x')</script>\"}");

    private final CanvasSandbox sandbox = new CanvasSandbox();

    private String render(String template, JsonNode variables) {
        return sandbox.render(sandbox.compile(template), variables, 100_000, Duration.ofSeconds(2));
    }

    @Test
    void ordinaryTemplatesRender() {
        assertThat(render("Hello {{name}}, {{lot.kg}} kg{{#each lot.tags}} [{{@index}}:{{this}}]{{/each}}"
                + "{{#if lot}} yes{{/if}}{{#unless missing}} no{{/unless}}{{#with lot}} {{kg}}{{/with}}"
                + " {{lookup lot.tags 1}}{{#if (eq name \"Alice\")}} eq{{/if}}", LOT))
                .isEqualTo("Hello Alice, 12 kg [0:a] [1:b] yes no 12 b eq");
    }

    @Test
    void outputIsHtmlEscapedUnlessTheAuthorSaysOtherwise() {
        assertThat(render("{{html}}", LOT)).isEqualTo("&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;");
        assertThat(render("{{{html}}}|{{& html}}", LOT))
                .isEqualTo("<script>alert('x')</script>|<script>alert('x')</script>");
    }

    @Test
    void aPartialByPathIsNotATemplate() {
        assertThatThrownBy(() -> sandbox.compile("{{> /etc/passwd}}")).isInstanceOf(TemplateCompileException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"{{> ../../../../etc/passwd}}", "{{> etc/passwd}}", "{{> (lookup . 'name')}}",
            "{{> classpath:application}}", "{{> http://169.254.169.254/latest}}"})
    void noPartialIsEverLoaded(String template, @TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("Alice.hbs"), "secret");
        assertThatThrownBy(() -> render(template, LOT))
                .isInstanceOf(CanvasSandbox.TemplateRenderException.class)
                .hasMessageContaining("could not be found");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{{embedded \"x\"}}", "{{precompile \"x\"}}", "{{i18n \"x\"}}", "{{i18nJs \"x\"}}",
            "{{i18n \"hello\" bundle=\"sun.security.util.Resources\"}}", "{{log \"injected\"}}",
            "{{#block \"x\"}}fallback{{/block}}", "{{#partial \"x\"}}body{{/partial}}"})
    void helpersThatReachOutsideAreNotThere(String template) {
        assertThatThrownBy(() -> sandbox.compile(template)).isInstanceOf(TemplateCompileException.class)
                .hasMessageContaining("could not find helper");
    }

    @Test
    void inlinePartialsAreNotThereEither() {
        assertThatThrownBy(() -> render("{{#*inline \"r\"}}{{> r}}{{/inline}}{{> r}}", LOT))
                .isInstanceOf(CanvasSandbox.TemplateRenderException.class)
                .hasMessageContaining("decorators are not available");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{{this.class}}", "{{class}}", "{{name.class}}", "{{name.class.name}}",
            "{{name.class.classLoader}}", "{{name.bytes}}", "{{name.length}}", "{{name.empty}}", "{{name.blank}}",
            "{{lot.class.protectionDomain.codeSource.location}}", "{{lot.size}}", "{{lot.tags.size}}",
            "{{lot.tags.class}}", "{{this}}", "{{lot}}", "{{lot.tags}}", "{{__inline_partials_}}",
            "{{lookup this '__inline_partials_'}}", "{{lookup name 'bytes'}}", "{{lookup lot 'class'}}",
            "{{#with name}}{{bytes}}{{/with}}", "{{#with lot}}{{class}}{{tags.class}}{{/with}}"})
    void noJavaIsReachable(String template) {
        String rendered;
        try {
            rendered = render(template, LOT);
        } catch (TemplateCompileException e) {
            return;
        }
        // nothing but the JSON values themselves (lookup answers its context when the key is missing)
        assertThat(rendered).as(template).isIn("", "Alice");
    }

    /**
     * A helper given values it cannot take: the error says where, and what went wrong in the template's words
     * (numbers, texts, objects), never Java's (a class, a cast, a map printed as Java prints it).
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "{{gt a b}}|{\"a\":1,\"b\":\"x\"}|line 1, column 2: gt compares two numbers, two texts or two booleans, "
                    + "not a number and a text",
            "x {{#if (lt a b)}}y{{/if}}|{\"a\":{\"x\":1},\"b\":2}|line 1, column 5: lt compares two numbers, two texts or "
                    + "two booleans, not an object and a number",
            "{{gte t f}}|{\"t\":true,\"f\":\"no\"}|line 1, column 2: gte compares two numbers, two texts or two "
                    + "booleans, not a boolean and a text",
            "{{lte a missing}}|{\"a\":[1]}|line 1, column 2: lte compares two numbers, two texts or two booleans, "
                    + "not an array and nothing"})
    void aHelperGivenValuesItCannotTakeSaysSoInTheTemplatesWords(String template, String variables, String error) {
        assertThatThrownBy(() -> render(template, json(variables)))
                .isInstanceOf(CanvasSandbox.TemplateRenderException.class)
                .hasMessage(error);
    }

    /** Whatever else fails at render time is told without Java's words. */
    @ParameterizedTest
    @ValueSource(strings = {"class java.lang.String cannot be cast to class java.lang.Integer", "Not a comparable: {x=1}",
            "java.lang.NullPointerException", ""})
    void aMessageInJavasWordsIsNotPassedOn(String message) {
        assertThat(CanvasSandbox.inTemplateWords(message)).isEqualTo("this tag cannot be applied to the values it was given");
        assertThat(CanvasSandbox.inTemplateWords("The partial '/etc/passwd' could not be found"))
                .isEqualTo("The partial '/etc/passwd' could not be found");
    }

    @Test
    void comparisonsOfLikeValuesStillWork() {
        assertThat(render("{{gt a b}} {{lt a c}} {{gte s t}} {{lte n m}} {{gt yes no}}",
                json("{\"a\":2,\"b\":1.5,\"c\":12345678901234567890,\"s\":\"b\",\"t\":\"a\",\"n\":1,\"m\":1,"
                        + "\"yes\":true,\"no\":false}")))
                .isEqualTo("true true true true true");
    }

    @Test
    void aHugeExpansionStopsAtTheOutputCap() {
        JsonNode thousand = json("{\"a\":[" + "1,".repeat(999) + "1]}");

        assertThatThrownBy(() -> sandbox.render(sandbox.compile("{{#each a}}{{#each ../a}}{{#each ../../a}}x{{/each}}"
                + "{{/each}}{{/each}}"), thousand, 100_000, Duration.ofSeconds(60))) // far from the deadline, even on a
                .isInstanceOf(RenderLimitException.class)                                      // starved CI machine
                .extracting(e -> ((RenderLimitException) e).limit()).isEqualTo(RenderLimitException.Limit.OUTPUT);
    }

    @Test
    void aHugeExpansionWithoutOutputStopsAtTheDeadline() {
        JsonNode thousand = json("{\"a\":[" + "1,".repeat(999) + "1]}");

        long started = System.nanoTime();
        assertThatThrownBy(() -> sandbox.render(sandbox.compile("{{#each a}}{{#each ../a}}{{#each ../../a}}{{/each}}"
                + "{{/each}}{{/each}}"), thousand, 100_000, Duration.ofMillis(300)))
                .isInstanceOf(RenderLimitException.class)
                .extracting(e -> ((RenderLimitException) e).limit()).isEqualTo(RenderLimitException.Limit.TIME);
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
    }

    @Test
    void theOutputCapCountsBytes() {
        JsonNode text = json("{\"t\":\"" + "é".repeat(600) + "\"}");

        assertThatThrownBy(() -> sandbox.render(sandbox.compile("{{t}}"), text, 1000, Duration.ofSeconds(1)))
                .isInstanceOf(RenderLimitException.class);
        assertThat(sandbox.render(sandbox.compile("{{t}}"), text, 1200, Duration.ofSeconds(1))).hasSize(600);
    }

    @Test
    void blocksNestedThousandsDeepAreACompileErrorNotAStackOverflow() {
        String deep = "{{#a}}".repeat(5000) + "x" + "{{/a}}".repeat(5000);

        assertThatThrownBy(() -> sandbox.compile(deep)).isInstanceOf(TemplateCompileException.class);
    }

    @Test
    void aCompileErrorSaysWhere() {
        assertThatThrownBy(() -> sandbox.compile("Hello {{#if x}}\nno end"))
                .isInstanceOf(TemplateCompileException.class)
                .satisfies(e -> {
                    TemplateCompileException error = (TemplateCompileException) e;
                    assertThat(error.line()).isEqualTo(2);
                    assertThat(error.column()).isPositive();
                    assertThat(error.describe()).startsWith("line 2, column ");
                });
    }

    private static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }
}
