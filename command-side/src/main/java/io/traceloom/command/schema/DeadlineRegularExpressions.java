package io.traceloom.command.schema;

import com.networknt.schema.regex.RegularExpression;
import com.networknt.schema.regex.RegularExpressionFactory;
import com.networknt.schema.regex.RegularExpressions;
import java.util.regex.Pattern;

/**
 * {@code pattern} and {@code patternProperties} as the library evaluates them (the JDK's regular
 * expressions, after its translation of ECMA-262 anchors and property names), except that the text being
 * matched checks the {@link Deadline}: the JDK's matcher reads it through {@code charAt} at every step of its
 * backtracking, so a catastrophic pattern stops there instead of holding a thread for hours.
 */
enum DeadlineRegularExpressions implements RegularExpressionFactory {
    INSTANCE;

    @Override
    public RegularExpression getRegularExpression(String regex) {
        Pattern pattern = Pattern.compile(RegularExpressions.replaceLongformCharacterProperties(
                RegularExpressions.replaceDollarAnchors(regex)));
        return value -> pattern.matcher(new CheckedText(value)).find();
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
