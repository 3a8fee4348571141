package io.traceloom.api.guard;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Text that is more than white space, Unicode's included: {@code @NotBlank} trims only ASCII, so a name of
 * two no-break spaces (U+00A0) or an ideographic space (U+3000) passes it. ({@code null} is valid: whether a
 * value is required is {@code @NotBlank}'s business.)
 */
@Documented
@Constraint(validatedBy = NotWhiteSpace.Validator.class)
@Target({ElementType.FIELD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT, ElementType.METHOD,
        ElementType.TYPE_USE})
@Retention(RetentionPolicy.RUNTIME)
public @interface NotWhiteSpace {

    String message() default "must not be blank";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Validator implements ConstraintValidator<NotWhiteSpace, CharSequence> {

        @Override
        public boolean isValid(CharSequence value, ConstraintValidatorContext context) {
            return value == null || value.codePoints()
                    .anyMatch(c -> !Character.isWhitespace(c) && !Character.isSpaceChar(c));
        }
    }
}
