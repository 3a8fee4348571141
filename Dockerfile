# The service image for docker-compose.yml. Build the jar first: ./mvnw -B -q package -DskipTests
FROM eclipse-temurin:17-jre
RUN useradd --system --uid 1001 --home-dir /app traceloom && mkdir -p /data && chown traceloom /data
WORKDIR /app
COPY api/target/traceloom.jar /app/traceloom.jar
USER traceloom
ENV TRACELOOM_DATA_DIR=/data \
    SERVER_ADDRESS=0.0.0.0 \
    AXONIQ_UPDATE_CHECKER_DISABLED=true
EXPOSE 8080
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=75", "-jar", "/app/traceloom.jar"]
