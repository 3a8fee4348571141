package io.traceloom.api.support;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Runs a test class ({@code @ExtendWith(PostgresAvailable.class)}, inherited by its subclasses) only where
 * PostgreSQL answers: {@code TRACELOOM_TEST_PG_URL}, {@code _USER}, {@code _PASSWORD}, by default database
 * {@code test} on 127.0.0.1:5432 as {@code postgres}. Elsewhere JUnit reports each of its tests skipped, with why.
 */
public final class PostgresAvailable implements ExecutionCondition {

    public static final String URL = env("TRACELOOM_TEST_PG_URL", "jdbc:postgresql://127.0.0.1:5432/test");
    public static final String USER = env("TRACELOOM_TEST_PG_USER", "postgres");
    public static final String PASSWORD = env("TRACELOOM_TEST_PG_PASSWORD", "");

    /** Asked once per test JVM. */
    private static ConditionEvaluationResult answer;

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        return check();
    }

    private static synchronized ConditionEvaluationResult check() {
        if (answer == null) {
            try (Connection ignored = DriverManager.getConnection(URL, USER, PASSWORD)) {
                answer = ConditionEvaluationResult.enabled("PostgreSQL answers at " + URL);
            } catch (SQLException e) {
                answer = ConditionEvaluationResult.disabled("PostgreSQL is not reachable at " + URL + " as " + USER
                        + " (" + e.getMessage() + "); set TRACELOOM_TEST_PG_URL, _USER, _PASSWORD to run it");
            }
        }
        return answer;
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
