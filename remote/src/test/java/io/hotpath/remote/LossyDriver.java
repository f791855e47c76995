package io.hotpath.remote;

import io.aeron.driver.MediaDriver;
import io.aeron.driver.ext.DebugReceiveChannelEndpoint;
import io.aeron.driver.ext.RandomLossGenerator;

import java.util.function.Consumer;

/**
 * Aeron's own loss injection for tests: a driver whose receive endpoints drop data frames at random (Aeron then
 * NAKs and retransmits them), for where the test cannot make a lossy link with netem.
 */
final class LossyDriver
{
    private LossyDriver()
    {
    }

    static Consumer<Object> receiveLoss(final double rate, final long seed)
    {
        return context -> ((MediaDriver.Context)context).receiveChannelEndpointSupplier(
            (udpChannel, dispatcher, statusIndicator, ctx) -> new DebugReceiveChannelEndpoint(udpChannel, dispatcher,
                statusIndicator, ctx, new RandomLossGenerator(rate, seed), new RandomLossGenerator(0, seed)));
    }
}
