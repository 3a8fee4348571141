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
 * An identifier a client chooses (a tag code, a custody identifier, a consumer): {@link SingleLine}, and every
 * character one that shows, by {@link PlainText#problemWithIdentifier}, the one rule for all of them. A file's
 * name follows the same rule ({@code FileNames}). ({@code null} is valid: whether a value is required is
 * {@code @NotBlank}'s business.)
 */
@Documented
@Constraint(validatedBy = Identifier.Validator.class)
@Target({ElementType.FIELD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT, ElementType.METHOD,
        ElementType.TYPE_USE})
@Retention(RetentionPolicy.RUNTIME)
public @interface Identifier {

    String message() default PlainText.IDENTIFIER;

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Validator implements ConstraintValidator<Identifier, CharSequence> {

        @Override
        public boolean isValid(CharSequence value, ConstraintValidatorContext context) {
            if (value == null) {
                return true;
            }
            String problem = PlainText.problemWithIdentifier(value.toString());
            if (problem == null) {
                return true;
            }
            context.disableDefaultConstraintViolation();
            context.buildConstraintViolationWithTemplate(problem).addConstraintViolation();
            return false;
        }
    }
}
