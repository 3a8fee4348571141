package io.traceloom.query.theme;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The CSS custom properties an organization theme derives from its colour: the same colour always gives the
 * same variables, in the same order. docs/api.md ("Organization themes: the variables") gives the formula;
 * change both together.
 *
 * <ul>
 * <li>Shades mix the colour with black or white in sRGB, channel by channel, rounding halves up:
 *     {@code round(c * (100 - p) / 100 + target * p / 100)}. {@code hover} is 15 % black, {@code active} 25 %
 *     black, {@code dark} 40 % black, {@code light} (a tint) 80 % white.</li>
 * <li>Every shade has an on-colour, black or white, whichever contrasts more with it by WCAG 2.x (black when
 *     they tie), and that contrast ratio, rounded down to two decimals.</li>
 * <li>{@code --contrast-aa} says whether every on-colour reaches WCAG AA for normal text (4.5:1). With black
 *     and white to choose from it always does: the two ratios multiply to 21, so the larger is at least
 *     √21 ≈ 4.58. The flag is there so that a client need not know that.</li>
 * </ul>
 */
public final class ThemePalette {

    static final BigDecimal AA = new BigDecimal("4.5");
    private static final int BLACK = 0x000000;
    private static final int WHITE = 0xFFFFFF;

    /** The shades, by name; "" is the colour itself. */
    private static final Map<String, int[]> SHADES = shades();

    private final Map<String, String> variables;

    private ThemePalette(Map<String, String> variables) {
        this.variables = variables;
    }

    /** @param color {@code #RRGGBB} */
    public static ThemePalette of(String color) {
        int primary = Integer.parseInt(color.substring(1), 16);
        Map<String, String> colors = new LinkedHashMap<>();
        Map<String, String> onColors = new LinkedHashMap<>();
        boolean aa = true;
        for (Map.Entry<String, int[]> shade : SHADES.entrySet()) {
            int[] mix = shade.getValue();
            int rgb = mix(primary, mix[0], mix[1]);
            colors.put("--color-primary" + shade.getKey(), hex(rgb));
            double onBlack = contrast(rgb, BLACK);
            double onWhite = contrast(rgb, WHITE);
            int on = onBlack >= onWhite ? BLACK : WHITE;
            BigDecimal ratio = BigDecimal.valueOf(Math.max(onBlack, onWhite)).setScale(2, RoundingMode.FLOOR);
            onColors.put("--color-on-primary" + shade.getKey(), hex(on));
            onColors.put("--contrast-on-primary" + shade.getKey(), ratio.toPlainString());
            aa &= ratio.compareTo(AA) >= 0;
        }
        Map<String, String> variables = new LinkedHashMap<>(colors);
        variables.putAll(onColors);
        variables.put("--contrast-aa", Boolean.toString(aa));
        return new ThemePalette(Collections.unmodifiableMap(variables));
    }

    /** The variables, colours first, then on-colours and their contrast ratios, then {@code --contrast-aa}. */
    public Map<String, String> variables() {
        return variables;
    }

    /** {@code target} mixed into {@code rgb} at {@code percent} %, per channel, halves rounded up. */
    static int mix(int rgb, int target, int percent) {
        int mixed = 0;
        for (int shift = 16; shift >= 0; shift -= 8) {
            int c = (rgb >> shift) & 0xFF;
            int t = (target >> shift) & 0xFF;
            mixed |= ((c * (100 - percent) + t * percent + 50) / 100) << shift;
        }
        return mixed;
    }

    /** WCAG 2.x contrast ratio: (L1 + 0.05) / (L2 + 0.05), the lighter's luminance over the darker's. */
    static double contrast(int a, int b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    /**
     * WCAG 2.x relative luminance. The threshold is sRGB's 0.04045; WCAG 2.0 printed 0.03928, which gives
     * the same result for every 8-bit channel value.
     */
    static double luminance(int rgb) {
        return 0.2126 * linear((rgb >> 16) & 0xFF) + 0.7152 * linear((rgb >> 8) & 0xFF) + 0.0722 * linear(rgb & 0xFF);
    }

    private static double linear(int channel) {
        double c = channel / 255.0;
        return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    }

    private static String hex(int rgb) {
        return String.format(Locale.ROOT, "#%06X", rgb);
    }

    private static Map<String, int[]> shades() {
        Map<String, int[]> shades = new LinkedHashMap<>();
        shades.put("", new int[] {BLACK, 0});
        shades.put("-hover", new int[] {BLACK, 15});
        shades.put("-active", new int[] {BLACK, 25});
        shades.put("-light", new int[] {WHITE, 80});
        shades.put("-dark", new int[] {BLACK, 40});
        return Collections.unmodifiableMap(shades);
    }
}
