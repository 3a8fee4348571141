package io.traceloom.query.theme;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The expected values were computed apart from this code, from the formula in docs/api.md. */
class ThemePaletteTest {

    private static final String[] SHADES = {"", "-hover", "-active", "-light", "-dark"};

    @Test
    void aBlue() {
        assertThat(ThemePalette.of("#1A73E8").variables()).containsExactlyEntriesOf(expected(
                "#1A73E8", "#1662C5", "#1456AE", "#D1E3FA", "#10458B",
                "#000000", "4.66", "#FFFFFF", "5.85", "#FFFFFF", "7.06", "#000000", "16.07", "#FFFFFF", "9.34"));
    }

    @Test
    void black() {
        assertThat(ThemePalette.of("#000000").variables()).containsExactlyEntriesOf(expected(
                "#000000", "#000000", "#000000", "#CCCCCC", "#000000",
                "#FFFFFF", "21.00", "#FFFFFF", "21.00", "#FFFFFF", "21.00", "#000000", "13.07", "#FFFFFF", "21.00"));
    }

    @Test
    void white() {
        assertThat(ThemePalette.of("#FFFFFF").variables()).containsExactlyEntriesOf(expected(
                "#FFFFFF", "#D9D9D9", "#BFBFBF", "#FFFFFF", "#999999",
                "#000000", "21.00", "#000000", "14.87", "#000000", "11.41", "#000000", "21.00", "#000000", "7.37"));
    }

    @Test
    void aYellow() {
        assertThat(ThemePalette.of("#FFEB3B").variables()).containsExactlyEntriesOf(expected(
                "#FFEB3B", "#D9C832", "#BFB02C", "#FFFBD8", "#998D23",
                "#000000", "17.19", "#000000", "12.25", "#000000", "9.46", "#000000", "20.04", "#000000", "6.18"));
    }

    @Test
    void aGreyNearTheMiddle() {
        assertThat(ThemePalette.of("#777777").variables()).containsExactlyEntriesOf(expected(
                "#777777", "#656565", "#595959", "#E4E4E4", "#474747",
                "#000000", "4.68", "#FFFFFF", "5.82", "#FFFFFF", "7.00", "#000000", "16.51", "#FFFFFF", "9.29"));
    }

    /**
     * Every on-colour pair of every palette reaches AA, or the palette says it does not: every colour whose
     * channels are multiples of 15 (18³ colours, each channel's extremes included), every {@code #RGB}, and
     * 20 000 more drawn at random (the same ones each run). Each stated ratio is the recomputed one, rounded
     * down.
     */
    @Test
    void everyOnColourReachesAaOrThePaletteSaysItCannot() {
        List<String> wrong = new ArrayList<>();
        int checked = 0;
        for (int r = 0; r <= 255; r += 15) {
            for (int g = 0; g <= 255; g += 15) {
                for (int b = 0; b <= 255; b += 15) {
                    checkPairs(String.format("#%02X%02X%02X", r, g, b), wrong);
                    checked++;
                }
            }
        }
        for (int rgb = 0; rgb < 0x1000; rgb++) {
            checkPairs(String.format("#%1$X%1$X%2$X%2$X%3$X%3$X", rgb >> 8, (rgb >> 4) & 0xF, rgb & 0xF), wrong);
        }
        Random random = new Random(20260102);
        for (int i = 0; i < 20_000; i++) {
            checkPairs(String.format("#%06X", random.nextInt(0x1000000)), wrong);
        }
        assertThat(checked).isEqualTo(18 * 18 * 18);
        assertThat(wrong).isEmpty();
    }

    private static void checkPairs(String color, List<String> wrong) {
        Map<String, String> variables = ThemePalette.of(color).variables();
        String aa = variables.get("--contrast-aa");
        if (!aa.equals("true") && !aa.equals("false")) {
            wrong.add(color + ": --contrast-aa is " + aa);
        }
        for (String shade : SHADES) {
            String background = variables.get("--color-primary" + shade);
            String on = variables.get("--color-on-primary" + shade);
            double recomputed = ThemePalette.contrast(Integer.parseInt(background.substring(1), 16),
                    Integer.parseInt(on.substring(1), 16));
            BigDecimal stated = new BigDecimal(variables.get("--contrast-on-primary" + shade));
            if (stated.doubleValue() > recomputed || stated.doubleValue() <= recomputed - 0.01) {
                wrong.add(color + shade + ": states " + stated + " for " + recomputed);
            }
            if (aa.equals("true") && stated.compareTo(ThemePalette.AA) < 0) {
                wrong.add(color + shade + ": " + on + " is " + stated + ":1, below AA, yet --contrast-aa is true");
            }
        }
    }

    private static Map<String, String> expected(String... values) {
        Map<String, String> expected = new LinkedHashMap<>();
        for (int i = 0; i < SHADES.length; i++) {
            expected.put("--color-primary" + SHADES[i], values[i]);
        }
        for (int i = 0; i < SHADES.length; i++) {
            expected.put("--color-on-primary" + SHADES[i], values[5 + 2 * i]);
            expected.put("--contrast-on-primary" + SHADES[i], values[6 + 2 * i]);
        }
        expected.put("--contrast-aa", "true");
        return expected;
    }
}
