package io.traceloom.command.canvas.sandbox;

/**
 * A template that does not compile, with where (1-based; 0 when the parser could not say) and why.
 */
public final class TemplateCompileException extends RuntimeException {

    private final int line;
    private final int column;

    TemplateCompileException(int line, int column, String reason) {
        super(reason, null, false, false);
        this.line = line;
        this.column = column;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }

    /** "line 2, column 6: found 'EOF', expected '{{/'" */
    public String describe() {
        return line > 0 ? "line " + line + ", column " + column + ": " + getMessage() : getMessage();
    }
}
