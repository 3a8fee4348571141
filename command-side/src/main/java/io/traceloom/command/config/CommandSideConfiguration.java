package io.traceloom.command.config;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(CommandSideProperties.class)
public class CommandSideConfiguration {
}
