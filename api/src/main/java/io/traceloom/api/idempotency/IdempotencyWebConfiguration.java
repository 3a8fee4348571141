package io.traceloom.api.idempotency;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.HandlerExceptionResolver;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/** Refusals on account of a key are answered before any other exception handling sees them. */
@Configuration(proxyBeanMethods = false)
public class IdempotencyWebConfiguration implements WebMvcConfigurer {

    private final ObjectMapper json;

    public IdempotencyWebConfiguration(ObjectMapper json) {
        this.json = json;
    }

    @Override
    public void extendHandlerExceptionResolvers(List<HandlerExceptionResolver> resolvers) {
        resolvers.add(0, new IdempotencyRefusals(json));
    }
}
