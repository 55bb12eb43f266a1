package app.selah.prayer;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
