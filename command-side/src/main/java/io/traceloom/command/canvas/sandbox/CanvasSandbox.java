package io.traceloom.command.canvas.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.jknack.handlebars.Context;
import com.github.jknack.handlebars.EscapingStrategy;
import com.github.jknack.handlebars.Handlebars;
import com.github.jknack.handlebars.HandlebarsError;
import com.github.jknack.handlebars.HandlebarsException;
import com.github.jknack.handlebars.Template;
import java.io.IOException;
import java.time.Duration;
import java.util.Collection;
import java.util.Map;

/**
 * Handlebars (Handlebars.java) as canvas templates get it: a template can read its variables and write text,
 * and nothing else.
 * <ul>
 *   <li>It cannot read a file, a class path resource or a URL: the loader loads nothing ({@link NothingToLoad}),
 *   and the helpers that load things are not there ({@link SandboxHelpers}).</li>
 *   <li>It cannot call Java: values come from JSON only ({@link JsonValues}); no getter, method or field is
 *   reachable, and a map or list printed as such prints nothing (not Java's {@code toString()}).</li>
 *   <li>It cannot run unbounded: the output is capped in bytes ({@link BoundedOutput}), the render has a
 *   deadline ({@link RenderBudget}), and a stack overflow (blocks nested thousands deep, recursion) ends the
 *   compile or the render, not the thread.</li>
 *   <li>Output is HTML-escaped; {@code {{{x}}}} and {@code {{& x}}} are the author's explicit choice not to.</li>
 * </ul>
 * Whitespace follows Mustache (and Handlebars.js): a line holding only a block tag leaves no blank line. A
 * compiled {@link Template} is safe to share between threads: callers cache it.
 */
public final class CanvasSandbox {

    private final Handlebars handlebars = new Handlebars(NothingToLoad.INSTANCE)
            .with(new SandboxHelpers())
            .with(EscapingStrategy.HTML_ENTITY)
            .infiniteLoops(false)
            .with((value, next) -> value instanceof Map || value instanceof Collection ? "" : next.format(value))
            .prettyPrint(true);

    /**
     * @throws TemplateCompileException when it is not a template, with the line and column the parser names
     */
    public Template compile(String source) {
        try {
            return handlebars.compileInline(source);
        } catch (HandlebarsException e) {
            HandlebarsError error = e.getError();
            if (error == null) {
                throw new TemplateCompileException(0, 0, excerpt(e.getMessage()));
            }
            throw new TemplateCompileException(error.line, error.column, excerpt(error.reason));
        } catch (IOException | RuntimeException e) {
            throw new TemplateCompileException(0, 0, excerpt(e.getMessage()));
        } catch (StackOverflowError e) {
            throw new TemplateCompileException(0, 0, "blocks are nested too deeply");
        }
    }

    /**
     * Renders the template with {@code variables} (a JSON object).
     *
     * @throws RenderLimitException     when the output would exceed {@code maxBytes} (UTF-8), the render takes
     *                                  longer than {@code timeout}, or recurses too deeply
     * @throws TemplateRenderException  when the template fails as written (a partial, a decorator)
     */
    public String render(Template template, JsonNode variables, long maxBytes, Duration timeout) {
        BoundedOutput output = new BoundedOutput(maxBytes);
        Context context = Context.newBuilder(JsonValues.unwrap(variables)).resolver(JsonValues.INSTANCE).build();
        RenderBudget.start(timeout.toNanos());
        try {
            template.apply(context, output);
            return output.toString();
        } catch (RenderLimitException e) {
            throw e;
        } catch (HandlebarsException e) {
            for (Throwable cause = e; cause != null; cause = cause.getCause()) {
                if (cause instanceof RenderLimitException limit) {
                    throw limit;
                }
            }
            HandlebarsError error = e.getError();
            throw new TemplateRenderException(error == null ? inTemplateWords(e.getMessage())
                    : "line " + error.line + ", column " + error.column + ": " + inTemplateWords(error.reason));
        } catch (IOException | RuntimeException e) {
            throw new TemplateRenderException(inTemplateWords(e.getMessage()));
        } catch (StackOverflowError e) {
            throw new RenderLimitException(RenderLimitException.Limit.DEPTH);
        } finally {
            RenderBudget.end();
            context.destroy();
        }
    }

    /** An exception's class as Handlebars prefixes it to a cause's message: not the client's business. */
    private static final java.util.regex.Pattern JAVA_NAMES =
            java.util.regex.Pattern.compile("(?:[a-z][a-z0-9_]*\\.)+[A-Z][A-Za-z0-9_$]*(?:Exception|Error): ");

    /** A Java type's qualified name ({@code java.lang.Integer}), or a Java map as Java prints it ({@code {x=1}}). */
    private static final java.util.regex.Pattern JAVA =
            java.util.regex.Pattern.compile("\\b(?:[a-z][a-z0-9_]*\\.)+[A-Z][A-Za-z0-9_$]*|\\{[^{}\"]*=");

    /**
     * What went wrong at render time, as the template's author can know it: Handlebars' words, or this sandbox's
     * own, never Java's. A message that names a Java type (a helper that failed where no one foresaw it) is
     * replaced with one that says only that the tag could not take its values.
     */
    static String inTemplateWords(String text) {
        String words = excerpt(text);
        return words.isEmpty() || JAVA.matcher(words).find()
                ? "this tag cannot be applied to the values it was given" : words;
    }

    /** The parser's words, on one line and short: they can quote the template. */
    static String excerpt(String text) {
        String line = JAVA_NAMES.matcher(String.valueOf(text).lines().findFirst().orElse("")).replaceAll("").strip();
        return line.length() <= 300 ? line : line.substring(0, 299) + "…";
    }

    /** A template that fails as written, at render time. */
    public static final class TemplateRenderException extends RuntimeException {
        TemplateRenderException(String message) {
            super(message, null, false, false);
        }
    }
}
