package io.traceloom.api.guard;

import java.beans.PropertyEditorSupport;
import org.springframework.web.bind.WebDataBinder;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.InitBinder;

/**
 * Query values are read as literally as JSON is: a boolean is {@code true} or {@code false}. Spring's own
 * reading also takes {@code yes}, {@code on}, {@code 1} and any case, and falls back to it when a stricter
 * converter refuses, so {@code includeDeleted=ja} would quietly mean false; an editor is what it asks first.
 */
@ControllerAdvice
public class StrictQueryValues {

    @InitBinder
    public void booleans(WebDataBinder binder) {
        binder.registerCustomEditor(boolean.class, new BooleanEditor());
        binder.registerCustomEditor(Boolean.class, new BooleanEditor());
    }

    private static final class BooleanEditor extends PropertyEditorSupport {

        @Override
        public void setAsText(String text) {
            setValue(switch (text) {
                case "true" -> Boolean.TRUE;
                case "false" -> Boolean.FALSE;
                default -> throw new IllegalArgumentException("must be true or false");
            });
        }
    }
}
