package io.traceloom.api.http;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.type.LogicalType;
import io.traceloom.api.problem.Uploads;
import io.traceloom.api.settings.ApiProperties;
import io.traceloom.api.settings.JsonLimits;
import jakarta.servlet.MultipartConfigElement;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Clock;
import java.util.List;
import org.apache.coyote.http11.AbstractHttp11Protocol;
import org.springframework.boot.autoconfigure.jackson.Jackson2ObjectMapperBuilderCustomizer;
import org.springframework.boot.autoconfigure.web.servlet.DispatcherServletAutoConfiguration;
import org.springframework.boot.autoconfigure.web.servlet.WebMvcProperties;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.servlet.DispatcherServlet;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

@Configuration(proxyBeanMethods = false)
public class HttpConfiguration implements WebMvcConfigurer {

    @Override
    public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
        resolvers.add(new PageParamsResolver());
        resolvers.add(new AsOfResolver(Clock.systemUTC()));
    }

    /**
     * JSON in is taken literally: {@code "name": 42} is not a string, {@code "count": "3"} not a number,
     * {@code "expirationDate": 12} not a date-time ({@link TemporalsAsText}); a key
     * given twice is an error, not "the last one wins"; nesting is bounded by {@link JsonLimits#MAX_DEPTH}.
     * (Unknown fields are refused through {@code spring.jackson.deserialization}.) This mapper is the HTTP
     * interface's: the event store has its own (see {@code AxonConfiguration}).
     *
     * <p>Free-form JSON (a credential's claims, a schema, a render's variables) keeps its numbers' values
     * exactly: integers of any size, and decimals as decimals ({@code 1.10} stays {@code 1.10},
     * {@code 0.1000000000000000000001} is not rounded to the double {@code 0.1}, {@code 1e-400} is not zero),
     * on the way in and when stored JSON is read back to answer. A double would silently change what a schema
     * checks and what a credential says; only the notation of an exponent may change ({@code 1e400} is
     * written {@code 1E+400}), and the sign of a zero, which carries no value, is not kept. How large a
     * number may be is {@code guard.StrictJsonBodies}' to say.
     */
    @Bean
    public Jackson2ObjectMapperBuilderCustomizer strictJson() {
        return builder -> builder
                .featuresToDisable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .featuresToEnable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION,
                        DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .postConfigurer(mapper -> {
                    mapper.configure(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES, false);
                    mapper.getFactory().setStreamReadConstraints(StreamReadConstraints.builder()
                            .maxNestingDepth(JsonLimits.MAX_DEPTH).build());
                    mapper.coercionConfigFor(LogicalType.Textual)
                            .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                            .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                            .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
                    mapper.registerModule(new TemporalsAsText());
                });
    }

    @Bean
    public Uploads uploads(ApiProperties properties) {
        return new Uploads(properties.files());
    }

    /**
     * The container's multipart limits are the uploads' (Spring Boot's {@code spring.servlet.multipart.*} do not
     * apply: {@code traceloom.files.max-size} is the one setting).
     */
    @Bean
    public MultipartConfigElement multipartConfigElement(Uploads uploads) {
        return uploads.multipartConfig();
    }

    /**
     * {@code Expect: 100-continue} is answered when the application reads the body, not before: a body the
     * application refuses unread (413 by its declared length, 415) is then never sent by a client that asked.
     */
    @Bean
    public WebServerFactoryCustomizer<TomcatServletWebServerFactory> continueWhenRead() {
        return factory -> factory.addConnectorCustomizers(connector -> {
            if (connector.getProtocolHandler() instanceof AbstractHttp11Protocol<?> http11) {
                http11.setContinueResponseTiming("onRead");
            }
        });
    }

    /**
     * Spring's servlet, except that TRACE goes through the handler mappings like any other method (and so
     * gets 405 with the {@code Allow} of the path, as problem+json) instead of being echoed or refused by
     * Tomcat with an empty body and the servlet's methods as {@code Allow}.
     */
    @Bean(name = DispatcherServletAutoConfiguration.DEFAULT_DISPATCHER_SERVLET_BEAN_NAME)
    public DispatcherServlet dispatcherServlet(WebMvcProperties mvc) {
        DispatcherServlet servlet = new DispatcherServlet() {
            @Override
            protected void doTrace(HttpServletRequest request, HttpServletResponse response)
                    throws ServletException, IOException {
                processRequest(request, response);
            }
        };
        servlet.setDispatchOptionsRequest(mvc.isDispatchOptionsRequest());
        servlet.setPublishEvents(mvc.isPublishRequestHandledEvents());
        servlet.setEnableLoggingRequestDetails(mvc.isLogRequestDetails());
        return servlet;
    }
}
