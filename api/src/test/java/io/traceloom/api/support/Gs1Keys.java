package io.traceloom.api.support;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * GS1 keys for tests. A GS1 Digital Link key names one link set in the whole service, so tests that share an
 * application use keys of their own.
 */
public final class Gs1Keys {

    private static final AtomicInteger NEXT = new AtomicInteger(ThreadLocalRandom.current().nextInt(900_000));

    private Gs1Keys() {
    }

    /** A GTIN-14 no other test uses (with GS1 company prefix 0950600, GS1's example prefix), check digit right. */
    public static String gtin() {
        String digits = "0950600" + String.format("%06d", NEXT.getAndIncrement() % 1_000_000);
        return digits + checkDigit(digits);
    }

    /** The GS1 mod-10 check digit of these digits. */
    public static int checkDigit(String digits) {
        int sum = 0;
        boolean three = true;
        for (int i = digits.length() - 1; i >= 0; i--) {
            sum += (digits.charAt(i) - '0') * (three ? 3 : 1);
            three = !three;
        }
        return (10 - sum % 10) % 10;
    }
}
