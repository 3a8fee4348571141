package io.traceloom.api.http;

import io.traceloom.api.problem.InvalidRequestException;
import io.traceloom.api.problem.Problems.FieldProblem;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.springframework.core.MethodParameter;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;

/** Reads {@link PageParams} from the query string; anything out of range is a 400 naming the parameter. */
public class PageParamsResolver implements HandlerMethodArgumentResolver {

    /** ASCII digits only: {@code Integer.parseInt} also takes "+1" and other scripts' digits ("٣"). */
    private static final Pattern DIGITS = Pattern.compile("[0-9]{1,18}");

    @Override
    public boolean supportsParameter(MethodParameter parameter) {
        return parameter.getParameterType() == PageParams.class;
    }

    @Override
    public PageParams resolveArgument(MethodParameter parameter, ModelAndViewContainer mavContainer,
                                      NativeWebRequest request, WebDataBinderFactory binderFactory) {
        List<FieldProblem> problems = new ArrayList<>();
        int page = read(request, "page", Integer.MAX_VALUE, 1, problems);
        int limit = read(request, "limit", PageParams.MAX_LIMIT, PageParams.DEFAULT_LIMIT, problems);
        if (!problems.isEmpty()) {
            throw new InvalidRequestException(problems);
        }
        return new PageParams(page, limit);
    }

    private static int read(NativeWebRequest request, String name, int max, int fallback,
                            List<FieldProblem> problems) {
        String value = request.getParameter(name);
        if (value == null) {
            return fallback;
        }
        if (DIGITS.matcher(value).matches()) {
            long number = Long.parseLong(value);
            if (number >= 1 && number <= max) {
                return (int) number;
            }
        }
        problems.add(new FieldProblem(name, "must be a whole number from 1 to " + max));
        return fallback;
    }
}
