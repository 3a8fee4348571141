package io.traceloom.api.caller;

import java.util.List;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/** Controllers take the {@link Caller} of the request as a parameter. */
@Configuration(proxyBeanMethods = false)
public class CallerConfiguration implements WebMvcConfigurer {

    private final CurrentCaller currentCaller;

    public CallerConfiguration(CurrentCaller currentCaller) {
        this.currentCaller = currentCaller;
    }

    @Override
    public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
        resolvers.add(new CallerArgumentResolver(currentCaller));
    }
}
