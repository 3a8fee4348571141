package io.traceloom.api.caller;

import org.springframework.core.MethodParameter;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;

/** Gives controllers the {@link Caller} of the request as a parameter. */
public class CallerArgumentResolver implements HandlerMethodArgumentResolver {

    private final CurrentCaller currentCaller;

    public CallerArgumentResolver(CurrentCaller currentCaller) {
        this.currentCaller = currentCaller;
    }

    @Override
    public boolean supportsParameter(MethodParameter parameter) {
        return parameter.getParameterType() == Caller.class;
    }

    @Override
    public Caller resolveArgument(MethodParameter parameter, ModelAndViewContainer mavContainer,
                                  NativeWebRequest webRequest, WebDataBinderFactory binderFactory) {
        return currentCaller.get();
    }
}
