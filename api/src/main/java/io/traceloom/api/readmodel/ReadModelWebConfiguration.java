package io.traceloom.api.readmodel;

import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/** No API request is served from half-built read models. */
@Configuration(proxyBeanMethods = false)
public class ReadModelWebConfiguration implements WebMvcConfigurer {

    private final ReadinessGate readinessGate;

    public ReadModelWebConfiguration(ReadinessGate readinessGate) {
        this.readinessGate = readinessGate;
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(readinessGate).excludePathPatterns("/actuator/**", "/error");
    }
}
