package io.traceloom.api.http;

import org.springframework.core.MethodParameter;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;

/** Reads {@link PageParams} from the query string; anything out of range is a 400 naming the parameter. */
public class PageParamsResolver implements HandlerMethodArgumentResolver {

    @Override
    public boolean supportsParameter(MethodParameter parameter) {
        return parameter.getParameterType() == PageParams.class;
    }

    @Override
    public PageParams resolveArgument(MethodParameter parameter, ModelAndViewContainer mavContainer,
                                      NativeWebRequest request, WebDataBinderFactory binderFactory) {
        int page = read(request, "page", 1, Integer.MAX_VALUE, 1);
        int limit = read(request, "limit", 1, PageParams.MAX_LIMIT, PageParams.DEFAULT_LIMIT);
        return new PageParams(page, limit);
    }

    private static int read(NativeWebRequest request, String name, int min, int max, int fallback) {
        String value = request.getParameter(name);
        if (value == null) {
            return fallback;
        }
        String rule = max == Integer.MAX_VALUE
                ? "must be a whole number of at least " + min
                : "must be a whole number from " + min + " to " + max;
        try {
            int number = Integer.parseInt(value.trim());
            if (number < min || number > max) {
                throw new InvalidRequestException(name, rule);
            }
            return number;
        } catch (NumberFormatException e) {
            throw new InvalidRequestException(name, rule);
        }
    }
}
