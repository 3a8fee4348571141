package io.traceloom.api.guard;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.traceloom.api.settings.ApiProperties;
import jakarta.servlet.DispatcherType;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

@Configuration(proxyBeanMethods = false)
public class SlowClientConfiguration {

    /**
     * First of all filters, so that no other work starts before the body is in; registered for async
     * dispatches too, which is how a request comes back once its body has arrived. The filters after it
     * then see an ordinary request and run as for any other (the request id filter, of the same order,
     * comes after it as a registration bean sorts before an adapted filter bean: AuditMetadataTest
     * notices if that changes).
     */
    @Bean
    public FilterRegistrationBean<SlowClientFilter> slowClientFilter(ApiProperties properties, ObjectMapper json,
                                                                     ObjectProvider<MeterRegistry> meters) {
        ApiProperties.Http http = properties.http();
        SlowClientFilter filter = new SlowClientFilter(http.maxBodySize().toBytes(), http.bodyTimeout(),
                http.maxSlowBodiesPerClient(), http.bufferedBodies(), json);
        meters.ifAvailable(registry -> Gauge.builder("traceloom.http.buffered.bodies", filter,
                        SlowClientFilter::bufferedBytes).baseUnit("bytes")
                .description("request bodies held in memory, arriving or being served").register(registry));
        FilterRegistrationBean<SlowClientFilter> registration = new FilterRegistrationBean<>(filter);
        registration.setDispatcherTypes(DispatcherType.REQUEST, DispatcherType.ASYNC);
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
        registration.setAsyncSupported(true);
        return registration;
    }
}
