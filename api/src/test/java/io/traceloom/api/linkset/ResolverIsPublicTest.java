package io.traceloom.api.linkset;

import static org.assertj.core.api.Assertions.assertThat;

import io.traceloom.api.caller.Caller;
import io.traceloom.api.caller.CurrentCaller;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The resolver serves anyone: it never asks who is calling, so when authentication arrives it stays public
 * without an exception of its own, and no answer of it can depend on a tenant.
 */
class ResolverIsPublicTest {

    @Test
    void theResolverAndItsDescriptionTakeNoCaller() {
        for (Class<?> type : List.of(ResolverController.class, ResolverDescriptionController.class,
                ResolverCorsFilter.class)) {
            for (Method method : type.getDeclaredMethods()) {
                assertThat(method.getParameterTypes()).as(method.toString())
                        .doesNotContain(Caller.class, CurrentCaller.class);
            }
            assertThat(Arrays.stream(type.getDeclaredFields()).map(Field::getType).toList()).as(type.getName())
                    .doesNotContain(Caller.class, CurrentCaller.class);
        }
    }
}
