package io.traceloom.command.canvas.sandbox;

import com.github.jknack.handlebars.io.TemplateLoader;
import com.github.jknack.handlebars.io.TemplateSource;
import java.io.FileNotFoundException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * The canvas sandbox's template loader: it loads nothing. Every partial ({@code {{> x}}}), whatever its name
 * ({@code ../../etc/passwd}, a name looked up from the data), fails as not found, before any file, class path
 * resource or URL is looked at.
 */
enum NothingToLoad implements TemplateLoader {
    INSTANCE;

    @Override
    public TemplateSource sourceAt(String location) throws FileNotFoundException {
        throw new FileNotFoundException("partials and other templates are not available to canvas templates");
    }

    @Override
    public String resolve(String location) {
        return location;
    }

    @Override
    public String getPrefix() {
        return "";
    }

    @Override
    public String getSuffix() {
        return "";
    }

    @Override
    public void setPrefix(String prefix) {
    }

    @Override
    public void setSuffix(String suffix) {
    }

    @Override
    public void setCharset(Charset charset) {
    }

    @Override
    public Charset getCharset() {
        return StandardCharsets.UTF_8;
    }
}
