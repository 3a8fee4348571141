package io.traceloom.api.guard;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.catalina.Container;
import org.apache.catalina.Valve;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/** The guards that are not filters of their own: the query parameters' interceptor and Tomcat's refusals. */
@Configuration(proxyBeanMethods = false)
public class GuardConfiguration implements WebMvcConfigurer {

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(new QueryParameterGuard());
    }

    /** Tomcat's own refusals, and TRACE, answered as problem+json like everything else. */
    @Bean
    public ContainerErrors containerErrors(ObjectMapper json) {
        return new ContainerErrors(json);
    }

    /**
     * Puts {@link ContainerErrorValve} where Tomcat's (and Spring Boot's) HTML error report valve would be,
     * and lets TRACE through to the application. An encoded slash ({@code %2F}) is passed through undecoded
     * rather than refused, for the paths that take one as data; {@link EncodedSlashFilter} refuses it
     * everywhere else. Ordered last, so that Spring Boot's own valve has been added by then and can be taken
     * out.
     */
    public static final class ContainerErrors
            implements WebServerFactoryCustomizer<TomcatServletWebServerFactory>, Ordered {

        private final ObjectMapper json;

        ContainerErrors(ObjectMapper json) {
            this.json = json;
        }

        @Override
        public void customize(TomcatServletWebServerFactory factory) {
            factory.addConnectorCustomizers(connector -> {
                connector.setAllowTrace(true);
                connector.setEncodedSolidusHandling("passthrough");
            });
            factory.addContextCustomizers(context -> {
                Container host = context.getParent();
                if (host instanceof StandardHost standardHost) {
                    // Tomcat adds a valve of this class at start unless one is there: ours is.
                    standardHost.setErrorReportValveClass(ContainerErrorValve.class.getName());
                }
                for (Valve valve : host.getPipeline().getValves()) {
                    if (valve instanceof ErrorReportValve) {
                        host.getPipeline().removeValve(valve);
                    }
                }
                host.getPipeline().addValve(new ContainerErrorValve(json));
            });
        }

        @Override
        public int getOrder() {
            return Ordered.LOWEST_PRECEDENCE;
        }
    }
}
