package io.traceloom.api.problem;

import io.traceloom.api.problem.Problems.FieldProblem;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Bean Validation's findings as the answer states them: each field once, with its most basic broken rule.
 * A blank code also fails its pattern, but "must not be blank" is what the client needs to hear.
 */
public final class Violations {

    /** Constraints by how basic they are; any other comes after these. */
    private static final List<String> BASIC_FIRST = List.of("NotNull", "NotBlank", "NotWhiteSpace", "NotEmpty",
            "Size", "Length", "Min", "Max", "DecimalMin", "DecimalMax", "SingleLine", "Identifier", "Pattern");

    private Violations() {
    }

    /** One broken rule: the field's JSON path, the constraint's simple name, its message. */
    public record Finding(String field, String constraint, String message) {

        int rank() {
            int rank = BASIC_FIRST.indexOf(constraint);
            return rank < 0 ? BASIC_FIRST.size() : rank;
        }
    }

    /** One problem per field, in field order. */
    public static List<FieldProblem> onePerField(Collection<Finding> findings) {
        Map<String, Finding> chosen = new TreeMap<>();
        for (Finding finding : findings) {
            chosen.merge(finding.field(), finding, (a, b) -> b.rank() < a.rank()
                    || (b.rank() == a.rank() && b.message().compareTo(a.message()) < 0) ? b : a);
        }
        return chosen.values().stream().map(f -> new FieldProblem(f.field(), f.message())).toList();
    }
}
