package io.traceloom.command.canvas.sandbox;

import com.github.jknack.handlebars.Decorator;
import com.github.jknack.handlebars.Helper;
import com.github.jknack.handlebars.HelperRegistry;
import com.github.jknack.handlebars.Options;
import com.github.jknack.handlebars.helper.ConditionalHelpers;
import com.github.jknack.handlebars.helper.EachHelper;
import com.github.jknack.handlebars.helper.IfHelper;
import com.github.jknack.handlebars.helper.LookupHelper;
import com.github.jknack.handlebars.helper.UnlessHelper;
import com.github.jknack.handlebars.helper.WithHelper;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.net.URI;
import java.nio.charset.Charset;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The helpers a canvas template may call, by a list of what is allowed rather than of what is not: a helper
 * a later Handlebars.java adds is not allowed until someone decides it is. Allowed are those that only read
 * the data ({@code with}, {@code if}, {@code unless}, {@code each}, {@code lookup}) and the comparisons
 * ({@code eq}, {@code neq}, {@code gt}, {@code gte}, {@code lt}, {@code lte}, {@code and}, {@code or},
 * {@code not}). Left out: {@code embedded}, {@code precompile} and {@code partial}/{@code block} (they load
 * templates), {@code i18n}/{@code i18nJs} (they load resource bundles by a name the template gives),
 * {@code log} (it writes what the template says into the service's log), and every decorator
 * ({@code {{#*inline}}} defines partials, and recursive ones overflow the stack). Calling any of them is a
 * compile error: "could not find helper".
 */
final class SandboxHelpers implements HelperRegistry {

    private static final Set<ConditionalHelpers> ORDERINGS = EnumSet.of(ConditionalHelpers.gt,
            ConditionalHelpers.gte, ConditionalHelpers.lt, ConditionalHelpers.lte);

    private final Map<String, Helper<?>> helpers = new LinkedHashMap<>();

    SandboxHelpers() {
        helpers.put(WithHelper.NAME, WithHelper.INSTANCE);
        helpers.put(IfHelper.NAME, IfHelper.INSTANCE);
        helpers.put(UnlessHelper.NAME, UnlessHelper.INSTANCE);
        helpers.put(EachHelper.NAME, EachHelper.INSTANCE);
        helpers.put(LookupHelper.NAME, LookupHelper.INSTANCE);
        for (ConditionalHelpers comparison : ConditionalHelpers.values()) {
            helpers.put(comparison.name(), ORDERINGS.contains(comparison) ? new Ordering(comparison) : comparison);
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public <C> Helper<C> helper(String name) {
        return (Helper<C>) helpers.get(name);
    }

    @Override
    public Set<Map.Entry<String, Helper<?>>> helpers() {
        return Collections.unmodifiableMap(helpers).entrySet();
    }

    @Override
    public <H> HelperRegistry registerHelper(String name, Helper<H> helper) {
        throw refused();
    }

    @Override
    public <H> HelperRegistry registerHelperMissing(Helper<H> helper) {
        throw refused();
    }

    @Override
    public HelperRegistry registerHelpers(Object helperSource) {
        throw refused();
    }

    @Override
    public HelperRegistry registerHelpers(Class<?> helperSource) {
        throw refused();
    }

    @Override
    public HelperRegistry registerHelpers(URI location) {
        throw refused();
    }

    @Override
    public HelperRegistry registerHelpers(File input) {
        throw refused();
    }

    @Override
    public HelperRegistry registerHelpers(String filename, Reader source) {
        throw refused();
    }

    @Override
    public HelperRegistry registerHelpers(String filename, InputStream source) {
        throw refused();
    }

    @Override
    public HelperRegistry registerHelpers(String filename, String source) {
        throw refused();
    }

    /** A decorator is refused where the template uses it (Handlebars would fail obscurely on {@code null}). */
    @Override
    public Decorator decorator(String name) {
        return (fn, options) -> {
            throw new IllegalArgumentException("decorators are not available to canvas templates: *" + name);
        };
    }

    @Override
    public HelperRegistry registerDecorator(String name, Decorator decorator) {
        throw refused();
    }

    @Override
    public HelperRegistry setCharset(Charset charset) {
        return this;
    }

    /**
     * {@code gt}, {@code gte}, {@code lt}, {@code lte} over two values of one kind (numbers of any size, texts,
     * booleans), as Handlebars.java compares them. Any other pair is the template's mistake, said in its words:
     * Handlebars.java would fail with Java's (a class cast, a map printed as Java prints it).
     */
    private record Ordering(ConditionalHelpers comparison) implements Helper<Object> {

        @Override
        public Object apply(Object context, Options options) throws IOException {
            Object other = options.param(0, null);
            boolean alike = context instanceof Number && other instanceof Number
                    || context instanceof CharSequence && other instanceof CharSequence
                    || context instanceof Boolean && other instanceof Boolean;
            if (!alike) {
                throw new IllegalArgumentException(comparison.name() + " compares two numbers, two texts or two "
                        + "booleans, not " + JsonValues.kind(context) + " and " + JsonValues.kind(other));
            }
            return comparison.apply(context, options);
        }
    }

    private static UnsupportedOperationException refused() {
        return new UnsupportedOperationException("the canvas sandbox's helpers are fixed");
    }
}
