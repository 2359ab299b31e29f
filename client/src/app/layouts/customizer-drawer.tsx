import { Button, Divider, Drawer, Flex, Radio, Select, Switch, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/translate';
import { layoutSettingsSchema, type LayoutSettings } from '../../../../shared/contracts/app-config';
import { useConfig } from '../../lib/config/config-context';
import { colourOf } from '../../lib/layout/antd-theme';
import { useLayout } from '../../lib/layout/layout-context';

// The choices are the layout contract's own, in its order.
const SKINS = layoutSettingsSchema.shape.skin.options;
const TRANSITIONS = layoutSettingsSchema.shape.routerTransition.options;
const NAVBAR_TYPES = layoutSettingsSchema.shape.navbar.shape.type.options;
const FOOTER_TYPES = layoutSettingsSchema.shape.footer.shape.type.options;

function Setting({ label, id, children }: { label: string; id: string; children: ReactNode }) {
  return (
    <div className="customizer__setting" role="group" aria-labelledby={id}>
      <Typography.Text strong id={id} className="customizer__label">
        {label}
      </Typography.Text>
      {children}
    </div>
  );
}

function SwitchSetting({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <Flex justify="space-between" align="center" className="customizer__setting">
      <Typography.Text strong>{label}</Typography.Text>
      <Switch checked={checked} onChange={onChange} aria-label={label} />
    </Flex>
  );
}

/**
 * The theme customizer's drawer (docs/specification.md §9): edits every layout setting live, keeps
 * them in this browser, and resets them to the operator's defaults. A chunk of its own, downloaded
 * when its button is first reached (`Customizer`).
 */
export function CustomizerDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { app } = useConfig();
  const { settings, update, reset } = useLayout();
  const { token } = theme.useToken();
  const { t } = useTranslation();
  const vertical = settings.type === 'vertical';

  return (
    <Drawer
      title={t('customizer.title')}
      placement={settings.isRTL ? 'left' : 'right'}
      open={open}
      onClose={onClose}
      size={340}
      className="customizer"
      footer={
        <Button block onClick={reset}>
          {t('customizer.reset')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('customizer.intro')}</Typography.Paragraph>
      <Divider titlePlacement="start">{t('customizer.theming')}</Divider>
      <Setting label={t('customizer.skin')} id="customizer-skin">
        <Radio.Group value={settings.skin} onChange={(e) => update({ skin: e.target.value as LayoutSettings['skin'] })} aria-labelledby="customizer-skin">
          {SKINS.map((skin) => (
            <Radio key={skin} value={skin} disabled={skin === 'semi-dark' && !vertical}>
              {t(`customizer.skin.${skin}`)}
            </Radio>
          ))}
        </Radio.Group>
      </Setting>
      <Setting label={t('customizer.contentWidth')} id="customizer-width">
        <Radio.Group
          value={settings.contentWidth}
          onChange={(e) => update({ contentWidth: e.target.value as LayoutSettings['contentWidth'] })}
          options={[
            { value: 'full', label: t('customizer.contentWidth.full') },
            { value: 'boxed', label: t('customizer.contentWidth.boxed') },
          ]}
          aria-labelledby="customizer-width"
        />
      </Setting>
      <SwitchSetting label={t('customizer.rtl')} checked={settings.isRTL} onChange={(isRTL) => update({ isRTL })} />
      <Setting label={t('customizer.transition')} id="customizer-transition">
        <Select
          value={settings.routerTransition}
          onChange={(routerTransition) => update({ routerTransition })}
          options={TRANSITIONS.map((value) => ({ value, label: t(`customizer.transition.${value}`) }))}
          aria-labelledby="customizer-transition"
          className="customizer__select"
        />
      </Setting>

      <Divider titlePlacement="start">{t('customizer.menu')}</Divider>
      <Setting label={t('customizer.layoutType')} id="customizer-type">
        <Radio.Group
          value={settings.type}
          onChange={(e) => update({ type: e.target.value as LayoutSettings['type'] })}
          options={[
            { value: 'vertical', label: t('customizer.layoutType.vertical') },
            { value: 'horizontal', label: t('customizer.layoutType.horizontal') },
          ]}
          aria-labelledby="customizer-type"
        />
      </Setting>
      {vertical && (
        <SwitchSetting
          label={t('customizer.menuCollapsed')}
          checked={settings.menu.isCollapsed}
          onChange={(isCollapsed) => update({ menu: { isCollapsed } })}
        />
      )}
      <SwitchSetting label={t('customizer.menuHidden')} checked={settings.menu.isHidden} onChange={(isHidden) => update({ menu: { isHidden } })} />

      <Divider titlePlacement="start">{t('customizer.navbar')}</Divider>
      <Setting label={t('customizer.navbarColour')} id="customizer-navbar-colour">
        <Radio.Group
          value={settings.navbar.backgroundColor}
          onChange={(e) => update({ navbar: { backgroundColor: e.target.value as LayoutSettings['navbar']['backgroundColor'] } })}
          aria-labelledby="customizer-navbar-colour"
          className="customizer__swatches"
        >
          <Radio.Button
            value=""
            aria-label={t('customizer.navbarColour.none')}
            title={t('customizer.navbarColour.none')}
            className="customizer__swatch customizer__swatch--none"
          />
          {app.theme.colors.map((colour) => (
            <Radio.Button
              key={colour}
              value={colour}
              aria-label={t(`colour.${colour}`)}
              title={t(`colour.${colour}`)}
              className="customizer__swatch"
              style={{ background: colourOf(colour, token) }}
            />
          ))}
        </Radio.Group>
      </Setting>
      <Setting label={t('customizer.navbarType')} id="customizer-navbar-type">
        <Radio.Group
          value={settings.navbar.type}
          onChange={(e) => update({ navbar: { type: e.target.value as LayoutSettings['navbar']['type'] } })}
          options={NAVBAR_TYPES.map((value) => ({ value, label: t(`customizer.navbarType.${value}`) }))}
          aria-labelledby="customizer-navbar-type"
        />
      </Setting>
      <Setting label={t('customizer.footerType')} id="customizer-footer-type">
        <Radio.Group
          value={settings.footer.type}
          onChange={(e) => update({ footer: { type: e.target.value as LayoutSettings['footer']['type'] } })}
          options={FOOTER_TYPES.map((value) => ({ value, label: t(`customizer.footerType.${value}`) }))}
          aria-labelledby="customizer-footer-type"
        />
      </Setting>
      <SwitchSetting label={t('customizer.scrollToTop')} checked={settings.enableScrollToTop} onChange={(enableScrollToTop) => update({ enableScrollToTop })} />
    </Drawer>
  );
}
