package io.traceloom.kernel.theme;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/** A colour as the API takes it: {@code #RRGGBB} or {@code #RGB}, any case; kept as {@code #RRGGBB} upper-case. */
public final class HexColor {

    private static final Pattern LONG = Pattern.compile("#[0-9A-Fa-f]{6}");
    private static final Pattern SHORT = Pattern.compile("#[0-9A-Fa-f]{3}");

    private HexColor() {
    }

    /** The colour as {@code #RRGGBB} in upper case, or empty when {@code text} is not a hex colour. */
    public static Optional<String> normalize(String text) {
        if (text == null) {
            return Optional.empty();
        }
        if (LONG.matcher(text).matches()) {
            return Optional.of(text.toUpperCase(Locale.ROOT));
        }
        if (SHORT.matcher(text).matches()) {
            StringBuilder six = new StringBuilder("#");
            for (int i = 1; i < 4; i++) {
                six.append(text.charAt(i)).append(text.charAt(i));
            }
            return Optional.of(six.toString().toUpperCase(Locale.ROOT));
        }
        return Optional.empty();
    }
}
