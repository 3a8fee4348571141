package io.traceloom.command.schema.engine;

import com.networknt.schema.regex.RegularExpression;
import com.networknt.schema.regex.RegularExpressionFactory;
import com.networknt.schema.regex.RegularExpressions;
import java.util.regex.Pattern;

/**
 * {@code pattern} and {@code patternProperties} as the library evaluates them (the JDK's regular
 * expressions, after its translation of ECMA-262 anchors and property names), except that the text being
 * matched checks the {@link Deadline}: the JDK's matcher reads it through {@code charAt} at every step of its
 * backtracking, so a catastrophic pattern stops there instead of holding a thread for hours. And a pattern whose
 * matching overflows the stack (the JDK's matcher recurses once per repetition of a group: {@code ^(a|b)*$}
 * against a few thousand characters) ends as {@link TooComplex}, saying which pattern and where.
 */
enum DeadlineRegularExpressions implements RegularExpressionFactory {
    INSTANCE;

    @Override
    public RegularExpression getRegularExpression(String regex) {
        Pattern pattern = Pattern.compile(RegularExpressions.replaceLongformCharacterProperties(
                RegularExpressions.replaceDollarAnchors(regex)));
        return value -> {
            try {
                return pattern.matcher(new CheckedText(value)).find();
            } catch (StackOverflowError e) {
                // the stack is unwound to here, where the evaluation's own frames are few: room enough to say where
                throw new TooComplex(regex, JsonSchemas.keywordLocation());
            }
        };
    }

    /** Matching {@code pattern}, found at {@code keywordLocation} of the schema, overflowed the stack. */
    static final class TooComplex extends RuntimeException {
        private final String pattern;
        private final String keywordLocation;

        TooComplex(String pattern, String keywordLocation) {
            super("a pattern is too complex to evaluate", null, false, false);
            this.pattern = pattern;
            this.keywordLocation = keywordLocation;
        }

        String pattern() {
            return pattern;
        }

        String keywordLocation() {
            return keywordLocation;
        }
    }

    /** Text whose reading checks the deadline every 1024 characters read. */
    private static final class CheckedText implements CharSequence {
        private final String text;
        private int reads;

        CheckedText(String text) {
            this.text = text;
        }

        @Override
        public char charAt(int index) {
            if ((++reads & 0x3FF) == 0) {
                Deadline.check();
            }
            return text.charAt(index);
        }

        @Override
        public int length() {
            return text.length();
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return new CheckedText(text.substring(start, end));
        }

        @Override
        public String toString() {
            return text;
        }
    }
}
