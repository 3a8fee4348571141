package io.traceloom.api.http;

import io.traceloom.api.problem.InvalidRequestException;
import java.time.Clock;
import java.time.Instant;
import org.springframework.core.MethodParameter;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;

/**
 * Reads {@link AsOf}: an RFC 3339 date-time with its offset ({@code Z} or {@code +02:00}); a date alone, a time
 * without an offset, or an instant in the future (nothing is known of it yet) is a 400 naming {@code asOf}.
 */
public class AsOfResolver implements HandlerMethodArgumentResolver {

    private final Clock clock;

    public AsOfResolver(Clock clock) {
        this.clock = clock;
    }

    @Override
    public boolean supportsParameter(MethodParameter parameter) {
        return parameter.getParameterType() == AsOf.class;
    }

    @Override
    public AsOf resolveArgument(MethodParameter parameter, ModelAndViewContainer mavContainer,
                                NativeWebRequest request, WebDataBinderFactory binderFactory) {
        String value = request.getParameter(AsOf.QUERY_PARAMETER);
        if (value == null) {
            return new AsOf(null);
        }
        Instant instant = DateTimes.parse(AsOf.QUERY_PARAMETER, value);
        if (instant.isAfter(clock.instant())) {
            throw new InvalidRequestException(AsOf.QUERY_PARAMETER, "must not be in the future");
        }
        return new AsOf(instant);
    }
}
