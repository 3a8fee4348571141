package io.traceloom.api.guard;

import io.traceloom.api.http.AsOf;
import io.traceloom.api.http.PageParams;
import io.traceloom.api.problem.InvalidRequestException;
import io.traceloom.api.problem.Problems.FieldProblem;
import io.traceloom.api.problem.Problems;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.beans.BeanUtils;
import org.springframework.core.DefaultParameterNameDiscoverer;
import org.springframework.core.MethodParameter;
import org.springframework.core.ParameterNameDiscoverer;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;

/**
 * Refuses the query parameters a handler does not read, parameters given twice, and parameters that are not
 * percent-encoded UTF-8, naming each: a typo ({@code ?limt=5}) must not silently fall back to a default,
 * {@code ?page=1&page=2} must not silently mean page 1, and nothing unread is echoed into {@code Link}s.
 *
 * <p>What a handler reads is what its signature declares: its {@code @RequestParam}s (and the plain values
 * Spring reads as request parameters without the annotation), and {@code page} and {@code limit} when it
 * takes {@link PageParams}, {@code asOf} when it takes {@link AsOf}. A {@code @RequestParam Map} or a
 * {@code @ModelAttribute} reads anything, so such handlers are not checked, nor are those marked
 * {@link RawQuery}. Only this service's own handlers are checked, not those of libraries.
 */
public class QueryParameterGuard implements HandlerInterceptor {

    private static final ParameterNameDiscoverer NAMES = new DefaultParameterNameDiscoverer();

    private final Map<Method, Reads> reads = new ConcurrentHashMap<>();

    /** The names a handler reads: once each, or (arrays and collections) as often as given. */
    record Reads(Set<String> once, Set<String> repeatable, boolean anything) {

        boolean known(String name) {
            return once.contains(name) || repeatable.contains(name);
        }

        String describe() {
            Set<String> all = new LinkedHashSet<>(once);
            all.addAll(repeatable);
            return all.isEmpty() ? "This endpoint reads no query parameters."
                    : "This endpoint reads " + String.join(", ", all) + ".";
        }
    }

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        if (request.getDispatcherType() != DispatcherType.REQUEST || !(handler instanceof HandlerMethod method)
                || !method.getBeanType().getName().startsWith("io.traceloom.")
                || method.hasMethodAnnotation(RawQuery.class)) {
            return true;
        }
        String query = request.getQueryString();
        if (query == null || query.isEmpty()) {
            return true;
        }
        Reads declared = reads.computeIfAbsent(method.getMethod(), m -> declaredBy(method));
        if (declared.anything()) {
            return true;
        }
        List<FieldProblem> problems = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        Set<String> reported = new HashSet<>();
        boolean unknown = false;
        for (String pair : query.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int equals = pair.indexOf('=');
            String rawName = equals < 0 ? pair : pair.substring(0, equals);
            String name = PercentEncoding.decode(rawName);
            if (name == null) {
                add(problems, reported, rawName, "is not a percent-encoded UTF-8 parameter name");
                continue;
            }
            if (!declared.known(name)) {
                unknown = true;
                add(problems, reported, name, "is not a query parameter of this endpoint");
                continue;
            }
            if (!seen.add(name) && !declared.repeatable().contains(name)) {
                add(problems, reported, name, "must be given at most once");
                continue;
            }
            String value = equals < 0 ? "" : PercentEncoding.decode(pair.substring(equals + 1));
            if (value == null) {
                add(problems, reported, name, "is not percent-encoded UTF-8");
            } else if (value.isEmpty()) {
                add(problems, reported, name, "must have a value");
            }
        }
        if (problems.isEmpty()) {
            return true;
        }
        String detail = Problems.detailOf(problems) + (unknown ? " " + declared.describe() : "");
        throw new InvalidRequestException(detail, problems);
    }

    /** Each parameter once in the answer, with the first thing found wrong with it. */
    private static void add(List<FieldProblem> problems, Set<String> reported, String name, String message) {
        if (reported.add(name)) {
            problems.add(new FieldProblem(name, message));
        }
    }

    private static Reads declaredBy(HandlerMethod handler) {
        Set<String> once = new LinkedHashSet<>();
        Set<String> repeatable = new LinkedHashSet<>();
        MethodParameter[] parameters = handler.getMethodParameters();
        for (int i = 0; i < parameters.length; i++) {
            MethodParameter parameter = parameters[i];
            Class<?> type = parameter.getParameterType();
            RequestParam param = parameter.getParameterAnnotation(RequestParam.class);
            if (parameter.hasParameterAnnotation(ModelAttribute.class)
                    || (param != null && Map.class.isAssignableFrom(type))) {
                return new Reads(Set.of(), Set.of(), true);
            }
            if (type == PageParams.class) {
                once.addAll(PageParams.QUERY_PARAMETERS);
                continue;
            }
            if (type == AsOf.class) {
                once.add(AsOf.QUERY_PARAMETER);
                continue;
            }
            boolean unannotatedValue = parameter.getParameterAnnotations().length == 0
                    && BeanUtils.isSimpleProperty(type);
            if (param == null && !unannotatedValue) {
                continue;
            }
            String name = param == null ? "" : param.name();
            if (name.isEmpty()) {
                MethodParameter named = new MethodParameter(handler.getMethod(), i);
                named.initParameterNameDiscovery(NAMES);
                name = named.getParameterName();
            }
            if (type.isArray() || Collection.class.isAssignableFrom(type)) {
                repeatable.add(name);
            } else {
                once.add(name);
            }
        }
        return new Reads(once, repeatable, false);
    }
}
