package io.traceloom.api.readmodel;

import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * No API request is served from half-built read models. The API document and Swagger UI read none, so
 * they are there from the start.
 */
@Configuration(proxyBeanMethods = false)
public class ReadModelWebConfiguration implements WebMvcConfigurer {

    private final ReadinessGate readinessGate;

    public ReadModelWebConfiguration(ReadinessGate readinessGate) {
        this.readinessGate = readinessGate;
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(readinessGate).excludePathPatterns("/actuator/**", "/error",
                "/v3/api-docs", "/v3/api-docs/**", "/v3/api-docs.yaml", "/swagger-ui", "/swagger-ui/**");
    }
}
